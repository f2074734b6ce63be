import { isApiError, type ApiErrorCode } from '../../../lib/api-client'
import type { Cart } from '../types'
import { acceptCart, createCart, deleteLine, fetchCart, fetchUserCart, mergeCart, putLine, type CartContext } from './api'
import { forgetCartToken, publishCount, readCartToken, saveCartToken } from './storage'

/**
 * The visitor's cart, shared by the product page and the cart drawer: a small module store (no
 * query library, so the drawer's chunk stays small). A guest's cart is created on the first
 * "Add to cart" and found again through its token in localStorage; a signed-in user's cart is
 * the server's (GET /store/cart), and a guest cart left from before signing in is merged into it
 * once, after which its token is forgotten. Every answer updates the count the header shows.
 */
export type CartChange =
  | { kind: 'added'; name: string; quantity: number }
  | { kind: 'updated'; name: string; quantity: number }
  | { kind: 'removed'; name: string }
  | { kind: 'accepted' }

export interface CartState {
  /** idle: never asked; loading: the first answer is on its way. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** null: no cart (a guest who never added anything, or an expired guest cart). */
  cart: Cart | null
  /** A change under way (controls wait for it). */
  busy: boolean
  /** The failure of the last read or change, for the drawer to show. */
  error: unknown
  /** The last change, for the drawer's announcement. */
  change: CartChange | null
}

const INITIAL: CartState = { status: 'idle', cart: null, busy: false, error: null, change: null }

let state: CartState = INITIAL
// Whose cart `state.cart` is: the user's bearer, or the guest token it was read with.
let owner: string | null = null
const listeners = new Set<() => void>()

function set(changes: Partial<CartState>): void {
  state = { ...state, ...changes }
  for (const listener of listeners) listener()
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getCartState(): CartState {
  return state
}

/** The code of a failure: the envelope's, `network` or `unexpected`; null for what is not an answer. */
export function errorCode(error: unknown): ApiErrorCode | null {
  return isApiError(error) ? error.code : null
}

/** A 409 `out_of_stock`: which variant, and how many are left of it (the envelope's `sku` and `available`). */
export function shortageOf(error: unknown): { sku: string; available: number } | null {
  if (!isApiError(error) || error.code !== 'out_of_stock') return null
  const { sku, available } = error.body
  return typeof sku === 'string' && typeof available === 'number' ? { sku, available: Math.max(0, available) } : null
}

// A guest token that no longer names a cart this visitor may use: unknown or expired (404
// `cart_not_found`, merged elsewhere included) or a signed-in account's (403 `cart_not_yours`).
// It is forgotten, and a new cart is started when one is needed.
const isGone = (error: unknown) => isApiError(error) && (error.code === 'cart_not_found' || error.code === 'cart_not_yours')

/** Keeps an answer: the cart, its owner and the header's count. */
function keep<T extends Cart | null>(cart: T, ownerKey: string | null): T {
  owner = cart ? ownerKey : null
  publishCount(cart ? cart.count : null)
  return cart
}

// The merge of one guest cart runs once, even if the header and a page ask at the same time.
let merging: Promise<Cart> | null = null

function mergeGuestCart(guestToken: string, context: CartContext): Promise<Cart> {
  merging ??= mergeCart(guestToken, context)
    .catch((error: unknown) => {
      // The guest cart expired, another tab merged it first, or it is another account's: the
      // user's cart is what remains.
      if (isGone(error)) return fetchUserCart(context)
      throw error
    })
    .then((cart) => {
      forgetCartToken()
      return cart
    })
    .finally(() => {
      merging = null
    })
  return merging
}

/**
 * The current cart as the server has it: the user's (merging a guest cart first) or the guest's.
 * `create`: a guest without a cart gets a new one (the first "Add to cart"); otherwise null.
 */
async function currentCart(context: CartContext, { create = false, fresh = false } = {}): Promise<Cart | null> {
  if (context.authToken) {
    const guest = readCartToken()
    if (guest) return keep(await mergeGuestCart(guest, context), context.authToken)
    if (!fresh && state.cart && owner === context.authToken) return state.cart
    return keep(await fetchUserCart(context), context.authToken)
  }
  const token = readCartToken()
  if (token) {
    if (!fresh && state.cart && owner === token) return state.cart
    try {
      return keep(await fetchCart(token, context), token)
    } catch (error) {
      if (!isGone(error)) throw error
      forgetCartToken()
    }
  }
  if (!create) return keep(null, null)
  const cart = await createCart(context)
  saveCartToken(cart.token)
  return keep(cart, cart.token)
}

// Changes run one after another: a quick second click never races the first.
let queue: Promise<unknown> = Promise.resolve()

function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

async function applyChange(task: () => Promise<{ cart: Cart | null; change: CartChange | null }>): Promise<Cart | null> {
  return serial(async () => {
    set({ busy: true, error: null })
    try {
      const result = await task()
      set({ status: 'ready', cart: result.cart, busy: false, change: result.change })
      return result.cart
    } catch (error) {
      set({ busy: false, error })
      throw error
    }
  })
}

/** Reads the cart afresh (the drawer opening); shows what was known meanwhile. */
export function loadCart(context: CartContext): Promise<Cart | null> {
  return serial(async () => {
    set({ status: state.cart || state.status === 'ready' ? state.status : 'loading', error: null })
    try {
      const cart = await currentCart(context, { fresh: true })
      set({ status: 'ready', cart })
      return cart
    } catch (error) {
      set({ status: state.cart ? 'ready' : 'error', error })
      return null
    }
  })
}

const ownerOf = (cart: Cart, context: CartContext) => context.authToken ?? cart.token

/** Sets a line's quantity on the server's cart; a guest's expired cart is replaced by a new one once. */
async function putOnCart(cart: Cart, sku: string, quantity: number, context: CartContext): Promise<Cart> {
  try {
    return keep(await putLine(cart.token, sku, quantity, context), ownerOf(cart, context))
  } catch (error) {
    if (context.authToken || !isGone(error)) throw error
    forgetCartToken()
    const fresh = await currentCart(context, { create: true })
    if (!fresh) throw error
    return keep(await putLine(fresh.token, sku, quantity, context), fresh.token)
  }
}

/** "Add to cart": `quantity` more of `sku` (the server caps it by stock). */
export function addToCart(item: { sku: string; name: string }, quantity: number, context: CartContext): Promise<Cart | null> {
  return applyChange(async () => {
    const cart = await currentCart(context, { create: true })
    if (!cart) throw new Error('no cart')
    const inCart = cart.lines.find((line) => line.sku === item.sku)?.quantity ?? 0
    const updated = await putOnCart(cart, item.sku, inCart + quantity, context)
    return { cart: updated, change: { kind: 'added', name: item.name, quantity } }
  })
}

/** The drawer's stepper: a line's new quantity (0 removes it). */
export function setLineQuantity(sku: string, quantity: number, context: CartContext): Promise<Cart | null> {
  return applyChange(async () => {
    const cart = await currentCart(context)
    if (!cart) return { cart: null, change: null }
    const name = cart.lines.find((line) => line.sku === sku)?.name ?? ''
    const updated = await putOnCart(cart, sku, quantity, context)
    const done: CartChange = quantity > 0 ? { kind: 'updated', name, quantity } : { kind: 'removed', name }
    return { cart: updated, change: done }
  })
}

export function removeLine(sku: string, context: CartContext): Promise<Cart | null> {
  return applyChange(async () => {
    const cart = await currentCart(context)
    if (!cart) return { cart: null, change: null }
    const name = cart.lines.find((line) => line.sku === sku)?.name ?? ''
    const updated = keep(await deleteLine(cart.token, sku, context), ownerOf(cart, context))
    return { cart: updated, change: { kind: 'removed', name } }
  })
}

/** "OK, update my cart": the new prices and reduced quantities become the cart's. */
export function acceptChanges(context: CartContext): Promise<Cart | null> {
  return applyChange(async () => {
    const cart = await currentCart(context)
    if (!cart) return { cart: null, change: null }
    const updated = keep(await acceptCart(cart.token, context), ownerOf(cart, context))
    return { cart: updated, change: { kind: 'accepted' } }
  })
}

/**
 * Brings the cart in step with the session, as the header asks on each sign-in state: signed in,
 * a guest cart is merged once (then its token forgotten) or the user's cart read for its count;
 * signed out without a guest cart, the signed-in user's count is forgotten.
 */
export function syncCartSession(context: CartContext): Promise<unknown> {
  if (!context.authToken) {
    if (!readCartToken()) {
      set({ ...INITIAL })
      keep(null, null)
    }
    return Promise.resolve()
  }
  return loadCart(context)
}

/** The drawer closed: its announcement and error are spent. */
export function settleCartMessages(): void {
  if (state.change || state.error) set({ change: null, error: null })
}

/** Tests only. */
export function resetCartStoreForTests(): void {
  state = INITIAL
  owner = null
  merging = null
  queue = Promise.resolve()
}
