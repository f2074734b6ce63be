/**
 * Issue 14's additions to the consultations API (docs/decisions/014-consultants-deliver.md),
 * as the generated OpenAPI types name them.
 */
import type { Booking, BookingRequest, CaseView } from '../../lib/api/types'

/** What the booking form sends (the generated request: `time_zone` is the visitor's IANA zone). */
export type BookingRequestBody = BookingRequest

export type { Advice, AdviceStep, CaseMessage, CaseState, QuestionRequest } from '../../lib/api/types'
export type BookingCase = CaseView

/** A booking as the manage page reads it. */
export type ManagedBooking = Booking
