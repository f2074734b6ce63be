import { beforeEach, describe, expect, it } from 'vitest'
import { SESSION_KEYS } from '../../../lib/session-keys'
import {
  attemptKey,
  firstPurchaseOf,
  forgetPendingOrder,
  orderTokenFor,
  pendingOrder,
  rememberOrderToken,
  rememberPendingOrder,
  signatureOf,
} from './order-store'
import type { OrderRequest } from '../types'

const BODY: OrderRequest = { cart_token: 'cart-1', email: 'ana@example.com', language: 'es' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

beforeEach(() => window.sessionStorage.clear())

describe('the Idempotency-Key of an attempt to place an order', () => {
  it('is a UUID kept for the same body and cart, so a retry (or a reload) gets the same order back', () => {
    const first = attemptKey(signatureOf(BODY, 'v1'))
    expect(first).toMatch(UUID)
    expect(attemptKey(signatureOf({ ...BODY }, 'v1'))).toBe(first)
    // Kept in this tab's storage: a reload retries with it too.
    expect(window.sessionStorage.getItem(SESSION_KEYS.store)).toContain(first)
  })

  it('is new once the body or the cart changes (another address, accepted price changes)', () => {
    const first = attemptKey(signatureOf(BODY, 'v1'))
    const otherEmail = attemptKey(signatureOf({ ...BODY, email: 'lu@example.com' }, 'v1'))
    expect(otherEmail).not.toBe(first)
    const otherCart = attemptKey(signatureOf({ ...BODY, email: 'lu@example.com' }, 'v2'))
    expect(otherCart).not.toBe(otherEmail)
    // Back to an earlier body: only the last attempt is kept, so this is a new one.
    expect(attemptKey(signatureOf(BODY, 'v1'))).not.toBe(first)
  })

  it('is forgotten with the order once it is paid or given up', () => {
    const first = attemptKey(signatureOf(BODY, 'v1'))
    rememberPendingOrder({ id: 'order-1', token: 'tok-1' })
    expect(attemptKey(signatureOf(BODY, 'v1'))).toBe(first)
    forgetPendingOrder()
    expect(pendingOrder()).toBeNull()
    expect(attemptKey(signatureOf(BODY, 'v1'))).not.toBe(first)
  })

  it('survives storage it cannot read', () => {
    window.sessionStorage.setItem(SESSION_KEYS.store, '{not json')
    expect(pendingOrder()).toBeNull()
    expect(attemptKey('x')).toMatch(UUID)
    window.sessionStorage.setItem(SESSION_KEYS.store, JSON.stringify({ attempt: { key: 7 }, pending: { token: 'x' } }))
    expect(pendingOrder()).toBeNull()
  })
})

describe('the order being paid and the orders’ keys', () => {
  it('keeps the pending order and its key for this tab', () => {
    rememberPendingOrder({ id: 'order-1', token: 'tok-1' })
    expect(pendingOrder()).toEqual({ id: 'order-1', token: 'tok-1' })
    expect(orderTokenFor('order-1')).toBe('tok-1')
    rememberPendingOrder({ id: 'order-2', token: null })
    expect(pendingOrder()).toEqual({ id: 'order-2', token: null })
  })

  it('keeps the last twenty orders’ keys', () => {
    for (let n = 0; n < 25; n++) rememberOrderToken(`order-${n}`, `tok-${n}`)
    expect(orderTokenFor('order-24')).toBe('tok-24')
    expect(orderTokenFor('order-5')).toBe('tok-5')
    expect(orderTokenFor('order-4')).toBeNull()
  })

  it('counts a purchase once per order', () => {
    expect(firstPurchaseOf('order-1')).toBe(true)
    expect(firstPurchaseOf('order-1')).toBe(false)
    expect(firstPurchaseOf('order-2')).toBe(true)
  })
})
