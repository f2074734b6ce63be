/**
 * Hand-written shapes of issue 14's additions to the consultations API (the contract in
 * docs/decisions/014-consultants-deliver.md), which the generated OpenAPI types
 * (lib/api/types.ts) do not have yet. Once `npm run gen:api` knows them, these become aliases.
 */
import type { Booking, BookingRequest } from '../../lib/api/types'

/** What the booking form sends: the generated request plus the visitor's IANA time zone. */
export type BookingRequestBody = BookingRequest & {
  /** `Intl.DateTimeFormat().resolvedOptions().timeZone`; left out when the browser does not say. */
  timeZone?: string | undefined
}

/** Where a booking's 21-day case stands (decision 014). */
export type CaseState = 'scheduled' | 'held' | 'opinion_drafted' | 'opinion_published' | 'advice_sent' | 'closed'

/** One step of the course of action. */
export interface AdviceStep {
  title: string
  /** Markdown. */
  detail: string
  /** "YYYY-MM-DD". */
  dueDate: string
}

/** The course of action, once sent. */
export interface Advice {
  /** Markdown. */
  summary: string
  steps: AdviceStep[]
  /** RFC 3339 instant. */
  sentAt: string
}

/** A question of the traveller or an answer of the team, kept on the case. */
export interface CaseMessage {
  id: string
  from: 'traveller' | 'staff'
  body: string
  createdAt: string
}

/** The case as the traveller sees it on the manage page. */
export interface BookingCase {
  state: CaseState
  /** The consultation's start + 21 days (RFC 3339 instant). */
  dueAt: string
  /** The published opinion's public path (e.g. "/es/help/opinions/slug"), once published. */
  opinionUrl: string | null
  advice: Advice | null
  messages: CaseMessage[]
}

/** What `GET consultations/bookings/{id}` gains with issue 14. */
export interface BookingCaseFields {
  meetingUrl: string | null
  meetingPhone: string | null
  case: BookingCase
}

/**
 * A booking as the manage page reads it. The additions are optional here (not in the contract)
 * so the page keeps working against a server that does not send them yet.
 */
export type ManagedBooking = Booking & Partial<BookingCaseFields>

/** `POST consultations/bookings/{id}/questions`: 10 to 2000 characters; answers 201 with the CaseMessage. */
export interface QuestionRequest {
  message: string
}
