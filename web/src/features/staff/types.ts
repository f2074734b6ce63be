/**
 * The staff API's shapes (issue 14's contract, /tmp/notes/api-contract.md), written by hand
 * while the server's OpenAPI document does not have them yet. Each is meant to become an alias
 * of lib/api/types.ts once `npm run gen:api` knows it; the names stay. JSON is camelCase;
 * instants are RFC 3339 UTC strings, dates "YYYY-MM-DD".
 */
import type { AuditEntry, StaffMe, StaffMember, StaffRole } from '../../lib/api/types'

export type { AuditEntry, StaffMember, StaffRole }

export type Language = 'en' | 'es' | 'pt'
/** An RFC 3339 instant in UTC ("2026-12-01T14:00:00Z"). */
export type Instant = string
/** A calendar date, "YYYY-MM-DD". */
export type IsoDate = string

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired'
export type Outcome = 'held' | 'no_show'
export type CaseState = 'scheduled' | 'held' | 'opinion_drafted' | 'opinion_published' | 'advice_sent' | 'closed'

export interface BookingSummary {
  id: string
  planId: string
  planName: string
  status: BookingStatus
  outcome: Outcome | null
  caseState: CaseState
  startsAt: Instant
  endsAt: Instant
  /** startsAt + 21 days: the promise of an opinion and a course of action. */
  dueAt: Instant
  /** The traveller's IANA zone, from the booking form. */
  travellerTimeZone: string | null
  consultantId: string
  consultantName: string
  name: string
  email: string
  /** ISO 3166-1 alpha-2. */
  country: string
  language: Language
  meetingUrl: string | null
  meetingPhone: string | null
}

export interface StaffDocument {
  id: string
  filename: string
  sizeBytes: number
  contentType: string
}

export interface OpinionText {
  title: string
  /** Markdown. */
  body: string
}

export const OPINION_CATEGORIES = ['airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'] as const
export type OpinionCategory = (typeof OPINION_CATEGORIES)[number]

export type OpinionTexts = Partial<Record<Language, OpinionText>>

export interface Opinion {
  id: string
  bookingId: string
  slug: string
  status: 'draft' | 'published'
  category: OpinionCategory
  country: string
  /** Short free text, e.g. "Refund obtained". */
  outcome: string
  /** The traveller's language: its text is required. */
  language: Language
  texts: OpinionTexts
  authorId: string
  authorEmail: string
  approvedBy: string | null
  publishedAt: Instant | null
  createdAt: Instant
  /** The public path once published ("/es/help/opinions/slug"). */
  url: string | null
}

export interface AdviceStep {
  title: string
  /** Markdown. */
  detail: string
  dueDate: IsoDate
}

export interface Advice {
  /** Markdown. */
  summary: string
  steps: AdviceStep[]
  sentAt: Instant
}

export interface CaseMessage {
  id: string
  from: 'traveller' | 'staff'
  body: string
  createdAt: Instant
}

export interface BookingDetail extends BookingSummary {
  message: string
  amountCents: number
  currency: string
  documents: StaffDocument[]
  /** The other bookings of the same e-mail address. */
  previous: BookingSummary[]
  opinion: Opinion | null
  advice: Advice | null
  messages: CaseMessage[]
}

export interface TimeOff {
  id: string
  startsAt: Instant
  endsAt: Instant
  reason: string
}

export interface Consultant {
  id: string
  userId: string | null
  email: string | null
  name: string
  timeZone: string
  /** CONSULTATION_WEEKLY_HOURS syntax: "mon-fri 09:00-17:00; sat 10:00-12:00". */
  weeklyHours: string
  languages: Language[]
  active: boolean
  timeOff: TimeOff[]
}

/** GET /staff/me: the existing answer, which gains the caller's consultant (null: not one). */
export type Me = StaffMe & { consultant: Consultant | null }

export interface Items<T> {
  items: T[]
}

export type CaseFilter = 'open' | 'due_soon' | 'overdue' | 'all'
export const CASE_FILTERS: readonly CaseFilter[] = ['open', 'due_soon', 'overdue', 'all']

export interface Availability {
  consultants: Consultant[]
  /** Future bookings that no longer fit their consultant's hours or time off. */
  conflicts: BookingSummary[]
}

/** The answer of a consultant's change: the consultant and what no longer fits. */
export interface ConsultantChange {
  consultant: Consultant
  conflicts: BookingSummary[]
}

// Request bodies.
export interface MeetingBody {
  url: string | null
  phone: string | null
}

export interface OpinionBody {
  category: OpinionCategory
  country: string
  outcome: string
  texts: OpinionTexts
}

export interface AdviceBody {
  summary: string
  steps: AdviceStep[]
}

export interface ConsultantBody {
  name: string
  timeZone: string
  weeklyHours: string
  languages: Language[]
  active: boolean
}

export type NewConsultantBody = Omit<ConsultantBody, 'active'> & { email: string }

export interface TimeOffBody {
  startsAt: Instant
  endsAt: Instant
  reason: string
}
