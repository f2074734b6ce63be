import type { Lang } from '../../i18n/languages'
import { apiRequest, onResponse, type ApiError, type ApiRequest } from '../../lib/api-client'
import type { Booking, BookingDocument, CardDetails, Plan, Slot, SlotsAnswer, Testimonial } from '../../lib/api/types'
import type { BookingRequestBody, CaseMessage, QuestionRequest } from './types'

const BASE = 'consultations'

/** Who is asking: the booking's private token and/or the signed-in owner's JWT. */
export interface Credentials {
  token?: string | null | undefined
  authToken?: string | null | undefined
}

// Server time minus browser time, from the Date header: the hold countdown uses the
// server's clock, so a visitor whose clock is off still sees the right minutes.
let clockOffsetMs = 0

/** Now, by the server's clock as last seen. */
export function serverNow(): number {
  return Date.now() + clockOffsetMs
}

function noteServerClock(response: Response): void {
  const date = Date.parse(response.headers.get('date') ?? '')
  if (!Number.isFinite(date)) return
  // The header has whole seconds: a difference below that precision is no difference.
  const offset = date - Date.now()
  clockOffsetMs = Math.abs(offset) > 1500 ? offset : 0
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

/** The free times a 409 `slot_taken` offers instead. */
export function nextSlotsOf(error: ApiError): Slot[] {
  const slots = error.body.next_slots
  if (!Array.isArray(slots)) return []
  return slots.filter((slot): slot is Slot => typeof record(slot).start === 'string' && typeof record(slot).end === 'string')
}

onResponse(noteServerClock)

interface RequestOptions extends Credentials, Omit<ApiRequest, 'auth'> {}

function request<T>(path: string, { token, authToken, headers, ...options }: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(`${BASE}${path}`, {
    ...options,
    headers: token ? { ...headers, 'X-Booking-Token': token } : headers,
    auth: authToken,
  })
}

export async function fetchPlans(lang: Lang): Promise<Plan[]> {
  const answer = await request<{ items: Plan[] }>('/plans', { query: { lang } })
  return answer.items
}

export async function fetchTestimonials(lang: Lang): Promise<Testimonial[]> {
  const answer = await request<{ items: Testimonial[] }>('/testimonials', { query: { lang } })
  return answer.items
}

/**
 * Free start times of `plan` on the consultant-zone days `from`..`to` (inclusive, YYYY-MM-DD),
 * of the consultants who speak `lang` (the language of the consultation).
 */
export function fetchSlots(plan: string, from: string, to: string, lang: Lang, signal?: AbortSignal): Promise<SlotsAnswer> {
  return request<SlotsAnswer>('/slots', { query: { plan, from, to, lang }, signal })
}

/** POST bookings: a hold of 15 minutes. The same key and body give back the same booking. */
export function createBooking(body: BookingRequestBody, idempotencyKey: string, authToken?: string | null): Promise<Booking> {
  return request<Booking>('/bookings', { method: 'POST', json: body, idempotencyKey, authToken })
}

export function fetchBooking(id: string, credentials: Credentials, signal?: AbortSignal): Promise<Booking> {
  return request<Booking>(`/bookings/${encodeURIComponent(id)}`, { ...credentials, signal })
}

/**
 * The sandbox card payment. The id alone may pay, but then the answer is only `{id, status}`
 * (docs/decisions/007-consultation-bookings.md, addendum): the booking comes back to the holder
 * of its token or its signed-in owner, so the step sends the credentials it read it with.
 */
export function payBooking(id: string, card: CardDetails, credentials: Credentials): Promise<Booking> {
  return request<Booking>(`/bookings/${encodeURIComponent(id)}/payment`, { method: 'POST', json: card, ...credentials })
}

export function uploadDocument(id: string, token: string, file: File): Promise<BookingDocument> {
  const form = new FormData()
  form.append('file', file, file.name)
  return request<BookingDocument>(`/bookings/${encodeURIComponent(id)}/documents`, { method: 'POST', body: form, token })
}

export function cancelBooking(id: string, credentials: Credentials): Promise<Booking> {
  return request<Booking>(`/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', ...credentials })
}

export function rescheduleBooking(id: string, credentials: Credentials, slotStart: string, card?: CardDetails): Promise<Booking> {
  const json = card ? { slot_start: slotStart, card } : { slot_start: slotStart }
  return request<Booking>(`/bookings/${encodeURIComponent(id)}/reschedule`, { method: 'POST', json, ...credentials })
}

export async function fetchMyBookings(authToken: string, signal?: AbortSignal): Promise<Booking[]> {
  const answer = await request<{ items: Booking[] }>('/my-bookings', { authToken, signal })
  return answer.items
}

/**
 * A question about the case, kept on it and mailed to the consultant. The token goes both as
 * the header every manage call sends and as `?token=`, which the issue 14 contract names.
 */
export function askQuestion(id: string, credentials: Credentials, message: string): Promise<CaseMessage> {
  const json: QuestionRequest = { message }
  return request<CaseMessage>(`/bookings/${encodeURIComponent(id)}/questions`, { method: 'POST', json, query: { token: credentials.token }, ...credentials })
}
