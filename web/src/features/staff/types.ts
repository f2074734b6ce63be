/**
 * The staff API's shapes (docs/decisions/014): aliases of the generated OpenAPI types
 * (lib/api/types.ts), under the names the console uses. JSON members are snake_case; instants
 * are RFC 3339 UTC strings, dates "YYYY-MM-DD".
 *
 * A few members are plain strings in the document although the server only answers a handful
 * of values (a booking's `status`, `outcome` and `language`, an opinion's `status`, a message's
 * `from`): the console narrows them where it uses them as keys (the guards below), so a value
 * it does not know yet is shown as written instead of breaking a page.
 */
import { LANGUAGES } from '../../i18n/languages'
import type {
  AdviceRequest,
  BookingDocument,
  ConsultantRequest,
  Lang,
  MeetingRequest,
  OpinionCategory,
  OpinionRequest,
  StaffBooking,
  StaffBookingDetail,
  StaffMe,
  TimeOffRequest,
} from '../../lib/api/types'

export type {
  Advice,
  AdviceStep,
  AuditEntry,
  Availability,
  CaseMessage,
  CaseState,
  Consultant,
  ConsultantCard,
  ConsultantChange,
  Opinion,
  OpinionCategory,
  OpinionList,
  OpinionText,
  OutcomeRequest,
  ReassignRequest,
  RolesChange,
  StaffBookingList,
  StaffMember,
  StaffRescheduleRequest,
  StaffRole,
  TimeOff,
} from '../../lib/api/types'

export type Language = Lang
/** An RFC 3339 instant in UTC ("2026-12-01T14:00:00Z"). */
export type Instant = string
/** A calendar date, "YYYY-MM-DD". */
export type IsoDate = string

/** A booking as the agenda, the case lists and the conflicts show it. */
export type BookingSummary = StaffBooking
/** A booking with its case: documents, previous bookings, opinion, course of action, messages. */
export type BookingDetail = StaffBookingDetail
/** A traveller's document (downloaded through /staff/bookings/{id}/documents/{document}). */
export type StaffDocument = BookingDocument
/** GET /staff/me: roles, assurance level, and the caller's calendar when they are a consultant. */
export type Me = StaffMe

// The values the server answers for its plain-string members.
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const OUTCOMES = ['held', 'no_show'] as const
export type Outcome = (typeof OUTCOMES)[number]
export const OPINION_STATUSES = ['draft', 'published'] as const
export type OpinionStatus = (typeof OPINION_STATUSES)[number]
export const MESSAGE_SENDERS = ['traveller', 'staff'] as const
export type MessageSender = (typeof MESSAGE_SENDERS)[number]

/** Whether `value` is one of `known` (narrowing a plain string of the API to its union). */
export function isOneOf<T extends string>(known: readonly T[], value: string | null | undefined): value is T {
  return typeof value === 'string' && (known as readonly string[]).includes(value)
}

/** A booking's or an opinion's language as one of the site's, or null for any other string. */
export function languageOf(value: string): Language | null {
  return isOneOf(LANGUAGES, value) ? value : null
}

export const OPINION_CATEGORIES = ['airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'] as const satisfies readonly OpinionCategory[]
type Listed<T extends true> = T
/** Every category of the document is in the list: one added to the document fails the typecheck here. */
export type EveryCategoryListed = Listed<[Exclude<OpinionCategory, (typeof OPINION_CATEGORIES)[number]>] extends [never] ? true : false>

export type CaseFilter = 'open' | 'due_soon' | 'overdue' | 'all'
export const CASE_FILTERS: readonly CaseFilter[] = ['open', 'due_soon', 'overdue', 'all']

// Request bodies.
export type MeetingBody = MeetingRequest
export type OpinionBody = OpinionRequest
export type AdviceBody = AdviceRequest
/** PUT /staff/consultants/{id} (no e-mail: it names an existing staff user once, at creation). */
export type ConsultantBody = Omit<ConsultantRequest, 'email' | 'languages' | 'active'> & { languages: Language[]; active: boolean }
/** POST /staff/consultants: a staff user's e-mail; a new consultant is active. */
export type NewConsultantBody = Omit<ConsultantBody, 'active'> & { email: string }
export type TimeOffBody = Required<TimeOffRequest>
