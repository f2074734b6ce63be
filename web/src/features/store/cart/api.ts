import type { Lang } from '../../../i18n/languages'
import { apiRequest, type ApiRequest } from '../../../lib/api-client'
import type { Cart, CartLineRequest, MergeRequest } from '../types'

/**
 * The cart requests (/api/v1/store/cart…), each with `?lang=` (the lines' names and variants come
 * back in it). A guest's cart is reached by its token alone; a signed-in user's cart by its token
 * plus the user's bearer, without which the server answers 403 `cart_not_yours`.
 */
export interface CartContext {
  lang: Lang
  /** The signed-in user's access token, or null for a guest. */
  authToken: string | null
}

function request(path: string, context: CartContext, options: Omit<ApiRequest, 'auth'> = {}): Promise<Cart> {
  return apiRequest<Cart>(`store/${path}`, { ...options, auth: context.authToken })
}

const cartPath = (token: string) => `carts/${encodeURIComponent(token)}`

/** POST /store/carts: a new, empty guest cart (201). */
export function createCart(context: CartContext): Promise<Cart> {
  return request('carts', { ...context, authToken: null }, { method: 'POST', query: { lang: context.lang } })
}

/** GET /store/carts/{token}?lang= (404 `cart_not_found` when unknown or expired, 403 `cart_not_yours` for an account's cart). */
export function fetchCart(token: string, context: CartContext): Promise<Cart> {
  return request(cartPath(token), context, { query: { lang: context.lang } })
}

/** GET /store/cart: the signed-in user's cart, created when there is none. */
export function fetchUserCart(context: CartContext): Promise<Cart> {
  return request('cart', context, { query: { lang: context.lang } })
}

/**
 * POST /store/cart/merge {token}: the guest cart joins the user's (quantities capped by stock); the
 * guest cart is gone. 404 `cart_not_found` or 403 `cart_not_yours`: there is nothing to merge.
 */
export function mergeCart(guestToken: string, context: CartContext): Promise<Cart> {
  const json: MergeRequest = { token: guestToken }
  return request('cart/merge', context, { method: 'POST', json, query: { lang: context.lang } })
}

/**
 * PUT /store/carts/{token}/lines {sku, quantity}: sets the quantity (0 removes the line); more
 * than is left is 409 `out_of_stock` with `sku` and `available`.
 */
export function putLine(token: string, sku: string, quantity: number, context: CartContext): Promise<Cart> {
  const json: CartLineRequest = { sku, quantity }
  return request(`${cartPath(token)}/lines`, context, { method: 'PUT', json, query: { lang: context.lang } })
}

/** DELETE /store/carts/{token}/lines/{sku} */
export function deleteLine(token: string, sku: string, context: CartContext): Promise<Cart> {
  return request(`${cartPath(token)}/lines/${encodeURIComponent(sku)}`, context, { method: 'DELETE', query: { lang: context.lang } })
}

/** POST /store/carts/{token}/accept: the changed prices and reduced quantities shown become the cart's. */
export function acceptCart(token: string, context: CartContext): Promise<Cart> {
  return request(`${cartPath(token)}/accept`, context, { method: 'POST', query: { lang: context.lang } })
}
