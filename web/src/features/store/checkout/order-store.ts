import { newIdempotencyKey } from '../../consultations/booking-store'
import { SESSION_KEYS } from '../../../lib/storage'
import type { OrderRequest } from './types'

/**
 * What the checkout keeps in this tab's sessionStorage (SESSION_KEYS, listed on the privacy
 * page), gone when the tab closes: the Idempotency-Key of the attempt to place the order (so a
 * retry, a double click or a lost answer never places two orders), the order being paid (so a
 * reload during the payment comes back to it), each order's private key, and which purchases
 * were counted. Card data is never here.
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

interface CheckoutSession {
  attempt: Attempt | null
  pending: PendingOrder | null
}

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
    // No storage (private modes, quota): the checkout still works, a reload just starts over.
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The stored session, checked member by member (storage is outside our control). */
function readSession(): CheckoutSession {
  const raw = (read(SESSION_KEYS.checkout) ?? {}) as Record<string, unknown>
  const attempt = (raw.attempt ?? {}) as Record<string, unknown>
  const pending = (raw.pending ?? {}) as Record<string, unknown>
  return {
    attempt: text(attempt.key) && text(attempt.signature) ? { key: text(attempt.key), signature: text(attempt.signature) } : null,
    pending: text(pending.id) ? { id: text(pending.id), token: text(pending.token) || null } : null,
  }
}

function writeSession(session: CheckoutSession): void {
  write(SESSION_KEYS.checkout, session)
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
  const session = readSession()
  if (session.attempt?.signature === signature) return session.attempt.key
  const attempt = { key: newIdempotencyKey(), signature }
  writeSession({ ...session, attempt })
  return attempt.key
}

/**
 * The server refused the attempt for good (a 4xx: nothing was ordered): whatever is sent next
 * is a new attempt, with a new key, even if it looks the same.
 */
export function forgetAttempt(): void {
  writeSession({ ...readSession(), attempt: null })
}

/** The order this tab is paying for, if any. */
export function pendingOrder(): PendingOrder | null {
  return readSession().pending
}

/** The order is placed: its payment is what this tab does next (and after a reload). */
export function rememberPendingOrder(order: PendingOrder): void {
  writeSession({ ...readSession(), pending: order })
  if (order.token) rememberOrderToken(order.id, order.token)
}

/** Paid, or given up (its reservation ended): the next checkout starts afresh, with a new key. */
export function forgetPendingOrder(): void {
  writeSession({ attempt: null, pending: null })
}

function tokens(): Record<string, string> {
  const raw = read(SESSION_KEYS.orderTokens)
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, string>) : {}
}

export function orderTokenFor(id: string): string | null {
  const token = tokens()[id]
  return typeof token === 'string' && token !== '' ? token : null
}

export function rememberOrderToken(id: string, token: string): void {
  // The last few orders are enough; a key kept forever is a key that can leak.
  const kept = Object.entries(tokens()).filter(([known]) => known !== id).slice(-19)
  write(SESSION_KEYS.orderTokens, Object.fromEntries([...kept, [id, token]]))
}

/** Whether this order's purchase was counted already; marks it counted. Once per tab. */
export function firstPurchaseOf(id: string): boolean {
  const raw = read(SESSION_KEYS.purchases)
  const counted = Array.isArray(raw) ? raw.filter((known): known is string => typeof known === 'string') : []
  if (counted.includes(id)) return false
  write(SESSION_KEYS.purchases, [...counted, id].slice(-20))
  return true
}
