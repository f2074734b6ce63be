import type { Lang } from '../../../i18n/languages'
import { apiRequest, type ApiError, type ApiRequest } from '../../../lib/api-client'
import type { CardDetails } from '../../../lib/api/types'
import type { Cart, Download, Order, OrderList, OrderRequest, QuoteRequest, ShippingOptions, Totals } from './types'

/**
 * The checkout's and the orders' requests (`/api/v1/store/…`), through the site's one client.
 * A cart is named by its token; a signed-in user's cart also needs the user's bearer, so
 * every cart call sends it when there is one. An order is read with its private key
 * (`X-Order-Token`, from the answer that created it or the receipt e-mail's link) and/or
 * the owner's bearer.
 */
const BASE = 'store'

/** Who is asking about an order: its private key and/or the signed-in owner's JWT. */
export interface OrderCredentials {
  orderToken?: string | null | undefined
  authToken?: string | null | undefined
}

interface StoreRequest extends OrderCredentials, Omit<ApiRequest, 'auth'> {}

function request<T>(path: string, { orderToken, authToken, headers, ...options }: StoreRequest = {}): Promise<T> {
  return apiRequest<T>(`${BASE}${path}`, {
    ...options,
    headers: orderToken ? { ...headers, 'X-Order-Token': orderToken } : headers,
    auth: authToken,
  })
}

const cartPath = (token: string) => `/carts/${encodeURIComponent(token)}`
const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`

// Carts -----------------------------------------------------------------------------------------

/** GET carts/{token}: a guest's cart (or a user's, with the bearer). */
export function fetchCart(token: string, lang: Lang, authToken?: string | null, signal?: AbortSignal): Promise<Cart> {
  return request<Cart>(cartPath(token), { query: { lang }, authToken, signal })
}

/** GET cart: the signed-in user's cart (the server creates an empty one if there is none). */
export function fetchUserCart(authToken: string, lang: Lang, signal?: AbortSignal): Promise<Cart> {
  return request<Cart>('/cart', { query: { lang }, authToken, signal })
}

/** POST carts/{token}/accept: the visitor has seen the changed prices and lines. */
export function acceptCartChanges(token: string, lang: Lang, authToken?: string | null): Promise<Cart> {
  return request<Cart>(`${cartPath(token)}/accept`, { method: 'POST', query: { lang }, authToken })
}

/** PUT carts/{token}/discount: 422 `discount_invalid` carries the server's message in `lang`. */
export function applyDiscount(token: string, code: string, lang: Lang, authToken?: string | null): Promise<Cart> {
  return request<Cart>(`${cartPath(token)}/discount`, { method: 'PUT', json: { code }, query: { lang }, authToken })
}

export function removeDiscount(token: string, lang: Lang, authToken?: string | null): Promise<Cart> {
  return request<Cart>(`${cartPath(token)}/discount`, { method: 'DELETE', query: { lang }, authToken })
}

// Checkout --------------------------------------------------------------------------------------

/** GET shipping: the methods to `country` (ISO code) for a cart of `subtotalCents`. */
export function fetchShipping(country: string, subtotalCents: number, lang: Lang, signal?: AbortSignal): Promise<ShippingOptions> {
  return request<ShippingOptions>('/shipping', { query: { country, subtotal_cents: subtotalCents, lang }, signal })
}

/** POST quote: the totals the order would have. The browser never adds money up itself. */
export function fetchQuote(body: QuoteRequest, authToken?: string | null, signal?: AbortSignal): Promise<Totals> {
  return request<Totals>('/quote', { method: 'POST', json: body, authToken, signal })
}

/** POST orders: reserves the stock. The same Idempotency-Key and body give back the same order. */
export function createOrder(body: OrderRequest, idempotencyKey: string, authToken?: string | null): Promise<Order> {
  return request<Order>('/orders', { method: 'POST', json: body, idempotencyKey, authToken })
}

// Orders ----------------------------------------------------------------------------------------

export function fetchOrder(id: string, credentials: OrderCredentials, signal?: AbortSignal): Promise<Order> {
  return request<Order>(orderPath(id), { ...credentials, signal })
}

/** POST orders/{id}/payment (the sandbox card): 402 `card_declined` keeps the reservation for another card. */
export function payOrder(id: string, card: CardDetails, credentials: OrderCredentials): Promise<Order> {
  return request<Order>(`${orderPath(id)}/payment`, { method: 'POST', json: card, ...credentials })
}

export async function fetchMyOrders(authToken: string, signal?: AbortSignal): Promise<Order[]> {
  const answer = await request<OrderList>('/orders', { authToken, signal })
  return answer.items
}

/** POST orders/{id}/downloads/{download_id}/reissue: a fresh link (and expiry) for a file. */
export function reissueDownload(id: string, downloadId: string, credentials: OrderCredentials): Promise<Download> {
  return request<Download>(`${orderPath(id)}/downloads/${encodeURIComponent(downloadId)}/reissue`, { method: 'POST', ...credentials })
}

// Errors ----------------------------------------------------------------------------------------

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** The error's `details` member (the store's answers put `cart` and `fields` there). */
function details(error: ApiError): Record<string, unknown> {
  return record(error.body.details)
}

/** The cart a 409 `cart_changed` sends back (`details.cart`, or beside the envelope). */
export function changedCartOf(error: ApiError): Cart | null {
  const cart = record(details(error).cart ?? error.body.cart)
  return typeof cart.token === 'string' && Array.isArray(cart.lines) ? (cart as unknown as Cart) : null
}

/**
 * The per-field problems of a 422: the envelope's `fields` and `details.fields`, with the
 * address's fields named without their `shipping.` prefix.
 */
export function fieldProblemsOf(error: ApiError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries({ ...error.fields, ...record(details(error).fields) })) {
    if (typeof value === 'string') fields[name.replace(/^shipping[._]/, '')] = value
  }
  return fields
}

/** The server's own sentence for the visitor (a discount code's refusal is worded in `lang`). */
export function serverMessageOf(error: ApiError): string | null {
  const message = error.body.message
  return typeof message === 'string' && message.trim() !== '' ? message : null
}
