import { PAGE_PATHS } from '../../lib/site-map'
import { SESSION_KEYS } from '../../lib/session-keys'
import type { BookingFormValues } from './validation'
import type { Slot } from '../../lib/api/types'
import type { BookingRequestBody } from './types'

/**
 * What the booking flow keeps in this tab's sessionStorage (SESSION_KEYS, listed on the
 * privacy page), so a reload keeps the booking (the step itself is in the address). Gone
 * when the tab closes. Card data is never here: the card form lives in memory only.
 */
export { SESSION_KEYS }

/** The booking this tab holds while the visitor pays, and the request that made it. */
export interface HeldBooking {
  id: string
  plan: string
  slot: Slot
  holdExpiresAt: string | null
  /** The request body that created it: the same body may reuse it. */
  signature: string
}

export interface Draft {
  values: BookingFormValues
  plan: string | null
  slot: Slot | null
  /** The Idempotency-Key of the last request body sent, so a retry returns the same booking. */
  attempt: { key: string; signature: string } | null
  held: HeldBooking | null
}

export const EMPTY_VALUES: BookingFormValues = { name: '', email: '', country: '', message: '' }
export const EMPTY_DRAFT: Draft = { values: EMPTY_VALUES, plan: null, slot: null, attempt: null, held: null }

function read(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : null
  } catch {
    return null
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // No storage (private modes, quota): the flow still works, a reload just starts over.
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function slotOf(value: unknown): Slot | null {
  const slot = value as Partial<Slot> | null
  return slot && typeof slot.start === 'string' && typeof slot.end === 'string' ? { start: slot.start, end: slot.end } : null
}

/** The stored draft, checked field by field (storage is outside our control). */
export function readDraft(): Draft {
  const raw = (read(SESSION_KEYS.draft) ?? {}) as Record<string, unknown>
  const values = (raw.values ?? {}) as Record<string, unknown>
  const attempt = raw.attempt as Record<string, unknown> | null | undefined
  const held = raw.held as Record<string, unknown> | null | undefined
  const heldSlot = slotOf(held?.slot)
  return {
    values: { name: text(values.name), email: text(values.email), country: text(values.country), message: text(values.message) },
    plan: text(raw.plan) || null,
    slot: slotOf(raw.slot),
    attempt: attempt && text(attempt.key) && text(attempt.signature) ? { key: text(attempt.key), signature: text(attempt.signature) } : null,
    held:
      held && text(held.id) && heldSlot
        ? {
            id: text(held.id),
            plan: text(held.plan),
            slot: heldSlot,
            holdExpiresAt: text(held.holdExpiresAt) || null,
            signature: text(held.signature),
          }
        : null,
  }
}

/**
 * A message another page left for this form (the passenger-rights checker's "Book a
 * consultation": SESSION_KEYS.bookingPrefill), read once and deleted.
 */
export function takeBookingPrefill(): string {
  try {
    const value = window.sessionStorage.getItem(SESSION_KEYS.bookingPrefill)
    window.sessionStorage.removeItem(SESSION_KEYS.bookingPrefill)
    return value?.trim() ?? ''
  } catch {
    return ''
  }
}

/** The stored draft, with a message left by another page added to it (then forgotten). */
export function initialDraft(): Draft {
  const draft = readDraft()
  const prefill = takeBookingPrefill()
  if (!prefill) return draft
  const current = draft.values.message.trim()
  const message = current.includes(prefill) ? current : current ? `${current}\n\n${prefill}` : prefill
  const merged = { ...draft, values: { ...draft.values, message } }
  // Kept at once: a second call (React's strict mode runs initialisers twice) reads it back.
  writeDraft(merged)
  return merged
}

export function writeDraft(draft: Draft): void {
  write(SESSION_KEYS.draft, draft)
}

/** A new booking after a confirmed one: the contact details stay, the rest starts over. */
export function freshDraft(previous: Draft): Draft {
  return { ...EMPTY_DRAFT, values: { ...previous.values, message: '' } }
}

/** What identifies a request body: the same signature may reuse the same Idempotency-Key. */
export function signatureOf(body: BookingRequestBody): string {
  return JSON.stringify([body.name, body.email, body.country, body.message, body.plan, body.slot_start, body.language, body.time_zone ?? null])
}

/** A random v4 UUID, also where crypto.randomUUID is missing (plain http outside localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The key to send with `body`: the previous one when the body is unchanged, else a new one. */
export function keyFor(draft: Draft, body: BookingRequestBody): { key: string; signature: string } {
  const signature = signatureOf(body)
  return draft.attempt?.signature === signature ? draft.attempt : { key: newIdempotencyKey(), signature }
}

function tokens(): Record<string, string> {
  const raw = read(SESSION_KEYS.tokens)
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, string>) : {}
}

export function tokenFor(bookingId: string): string | null {
  const token = tokens()[bookingId]
  return typeof token === 'string' && token !== '' ? token : null
}

export function rememberToken(bookingId: string, token: string): void {
  write(SESSION_KEYS.tokens, { ...tokens(), [bookingId]: token })
}

/** Whether this booking's confirmation was counted already; marks it counted. Once per tab. */
export function firstLeadOf(bookingId: string): boolean {
  const raw = read(SESSION_KEYS.leads)
  const counted = Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : []
  if (counted.includes(bookingId)) return false
  write(SESSION_KEYS.leads, [...counted, bookingId].slice(-20))
  return true
}

/** The booking's private page, with its token when this tab has it (the manage link). */
export function helpBookingPath(id: string, token?: string | null): string {
  const path = `${PAGE_PATHS.helpBooking}/${encodeURIComponent(id)}`
  return token ? `${path}?token=${encodeURIComponent(token)}` : path
}
