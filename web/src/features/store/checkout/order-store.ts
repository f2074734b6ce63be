import { SESSION_KEYS } from '../../../lib/session-keys'
import type { OrderRequest } from '../types'

/**
 * What the checkout keeps in this tab's sessionStorage (SESSION_KEYS.store, listed on the
 * privacy page), gone when the tab closes: the Idempotency-Key of the attempt to place the
 * order (so a retry, a double click or a lost answer never places two orders), the order being
 * paid (so a reload during the payment comes back to it), each order's private key, and which
 * purchases were counted. Card data is never here.
 */

/** One attempt to place an order: its key, and the request body it was made for. */
export interface Attempt {
  key: string
  signature: string
}

/** The order this tab is paying for; without a key, the signed-in owner's session reads it. */
export interface PendingOrder {
  id: string
  token: string | null
}

interface StoreSession {
  attempt: Attempt | null
  pending: PendingOrder | null
  /** Order id → its private key. */
  tokens: Record<string, string>
  /** Order ids whose purchase was counted (analytics). */
  counted: string[]
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** The stored session, checked member by member (storage is outside our control). */
function read(): StoreSession {
  let raw: Record<string, unknown> = {}
  try {
    raw = record(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.store) ?? '{}'))
  } catch {
    // Unreadable: as if empty.
  }
  const attempt = record(raw.attempt)
  const pending = record(raw.pending)
  const tokens = Object.fromEntries(Object.entries(record(raw.tokens)).filter((entry): entry is [string, string] => text(entry[1]) !== ''))
  return {
    attempt: text(attempt.key) && text(attempt.signature) ? { key: text(attempt.key), signature: text(attempt.signature) } : null,
    pending: text(pending.id) ? { id: text(pending.id), token: text(pending.token) || null } : null,
    tokens,
    counted: Array.isArray(raw.counted) ? raw.counted.filter((id): id is string => typeof id === 'string') : [],
  }
}

function update(change: (session: StoreSession) => Partial<StoreSession>): void {
  const session = read()
  try {
    window.sessionStorage.setItem(SESSION_KEYS.store, JSON.stringify({ ...session, ...change(session) }))
  } catch {
    // No storage (private modes, quota): the checkout still works, a reload just starts over.
  }
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

/**
 * What identifies an attempt: the request body and the cart as the visitor saw it (lines,
 * prices, discount), so accepting a changed cart or editing the address is a new attempt,
 * and sending the same thing again is the same one.
 */
export function signatureOf(body: OrderRequest, cartVersion: string): string {
  return JSON.stringify([body, cartVersion])
}

/**
 * The Idempotency-Key for this body: the one kept for the same body (a retry after a network
 * failure or a double click gets the same order back), else a new one, kept from now on.
 */
export function attemptKey(signature: string): string {
  const kept = read().attempt
  if (kept?.signature === signature) return kept.key
  const attempt = { key: newIdempotencyKey(), signature }
  update(() => ({ attempt }))
  return attempt.key
}

/**
 * The server refused the attempt for good (a 4xx: nothing was ordered): whatever is sent next
 * is a new attempt, with a new key, even if it looks the same.
 */
export function forgetAttempt(): void {
  update(() => ({ attempt: null }))
}

/** The order this tab is paying for, if any. */
export function pendingOrder(): PendingOrder | null {
  return read().pending
}

/** The order is placed: its payment is what this tab does next (and after a reload). */
export function rememberPendingOrder(order: PendingOrder): void {
  update(() => ({ pending: order }))
  if (order.token) rememberOrderToken(order.id, order.token)
}

/** Paid, or given up (its reservation ended): the next checkout starts afresh, with a new key. */
export function forgetPendingOrder(): void {
  update(() => ({ attempt: null, pending: null }))
}

export function orderTokenFor(id: string): string | null {
  return read().tokens[id] ?? null
}

export function rememberOrderToken(id: string, token: string): void {
  // The last few orders are enough; a key kept forever is a key that can leak.
  update(({ tokens }) => ({ tokens: Object.fromEntries([...Object.entries(tokens).filter(([known]) => known !== id).slice(-19), [id, token]]) }))
}

/** Whether this order's purchase was counted already; marks it counted. Once per tab. */
export function firstPurchaseOf(id: string): boolean {
  if (read().counted.includes(id)) return false
  update(({ counted }) => ({ counted: [...counted, id].slice(-20) }))
  return true
}
