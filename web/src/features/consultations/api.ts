import type { Lang } from '../../i18n/languages'
import type { Booking, BookingDocument, BookingRequest, CardDetails, Plan, Slot, SlotsAnswer, Testimonial } from '../../lib/api/types'

/**
 * An answer other than 2xx from the consultations API: the envelope's `error_code`, its
 * per-field codes, and what some errors carry besides (`next_slots` of a 409 slot_taken,
 * `fee_cents` of a 402 change_fee_required). Status 0 is a network failure.
 */
export class ConsultationError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    readonly nextSlots: Slot[] = [],
    readonly feeCents: number | null = null,
  ) {
    super(`consultations: ${status} ${code}`)
    this.name = 'ConsultationError'
  }
}

const BASE = '/api/v1/consultations'

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

function slotsOf(value: unknown): Slot[] {
  if (!Array.isArray(value)) return []
  return value.filter((slot): slot is Slot => typeof record(slot).start === 'string' && typeof record(slot).end === 'string')
}

/** Turns an error answer into a ConsultationError (exported for the tests). */
export function errorFrom(status: number, body: unknown): ConsultationError {
  const envelope = record(body)
  const code = typeof envelope.error_code === 'string' ? envelope.error_code : 'unexpected'
  const fields: Record<string, string> = {}
  for (const [field, value] of Object.entries(record(envelope.fields))) if (typeof value === 'string') fields[field] = value
  const fee = typeof envelope.fee_cents === 'number' ? envelope.fee_cents : null
  return new ConsultationError(status, code, fields, slotsOf(envelope.next_slots), fee)
}

interface RequestOptions extends Credentials {
  method?: 'GET' | 'POST'
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (options.token) headers['X-Booking-Token'] = options.token
  if (options.authToken) headers.Authorization = `Bearer ${options.authToken}`
  let body = options.body
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  let response: Response
  try {
    response = await fetch(`${BASE}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ConsultationError(0, 'network')
  }
  noteServerClock(response)
  let answer: unknown = null
  try {
    answer = await response.json()
  } catch (error) {
    // Leaving the step while the body arrives aborts its reading too: that is not an answer.
    if (options.signal?.aborted) throw error
    if (response.ok) throw new ConsultationError(response.status, 'unexpected')
  }
  if (!response.ok) throw errorFrom(response.status, answer)
  return answer as T
}

export async function fetchPlans(lang: Lang): Promise<Plan[]> {
  const answer = await request<{ items: Plan[] }>(`/plans?lang=${lang}`)
  return answer.items
}

export async function fetchTestimonials(lang: Lang): Promise<Testimonial[]> {
  const answer = await request<{ items: Testimonial[] }>(`/testimonials?lang=${lang}`)
  return answer.items
}

/** Free start times of `plan` on the consultant-zone days `from`..`to` (inclusive, YYYY-MM-DD). */
export function fetchSlots(plan: string, from: string, to: string, signal?: AbortSignal): Promise<SlotsAnswer> {
  const query = new URLSearchParams({ plan, from, to })
  return request<SlotsAnswer>(`/slots?${query}`, { signal })
}

/** POST bookings: a hold of 15 minutes. The same key and body give back the same booking. */
export function createBooking(body: BookingRequest, idempotencyKey: string, authToken?: string | null): Promise<Booking> {
  return request<Booking>('/bookings', { method: 'POST', json: body, headers: { 'Idempotency-Key': idempotencyKey }, authToken })
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
