import type { Lang } from '../../../i18n/languages'
import { ApiError, apiRequest, errorFromEnvelope, type ApiRequest } from '../../../lib/api-client'
import type { CardDetails } from '../../../lib/api/types'
import type { Cart, DiscountRequest, Download, Order, OrderList, OrderRequest, QuoteRequest, ShippingOptions, Totals } from '../types'

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

/**
 * PUT carts/{token}/discount: a refused code is 422 `discount_not_found`, `discount_expired`,
 * `discount_used_up` or `discount_minimum` (with `minimum_cents`).
 */
export function applyDiscount(token: string, code: string, lang: Lang, authToken?: string | null): Promise<Cart> {
  const json: DiscountRequest = { code }
  return request<Cart>(`${cartPath(token)}/discount`, { method: 'PUT', json, query: { lang }, authToken })
}

export function removeDiscount(token: string, lang: Lang, authToken?: string | null): Promise<Cart> {
  return request<Cart>(`${cartPath(token)}/discount`, { method: 'DELETE', query: { lang }, authToken })
}

// Checkout --------------------------------------------------------------------------------------

/** GET shipping: the methods to `country` (ISO code) for a cart of `subtotalCents`. */
export function fetchShipping(country: string, subtotalCents: number, lang: Lang, signal?: AbortSignal): Promise<ShippingOptions> {
  return request<ShippingOptions>('/shipping', { query: { country, subtotal_cents: subtotalCents, lang }, signal })
}

/** POST quote: the totals the order would have (`lang` is in the body). The browser never adds money up itself. */
export function fetchQuote(body: QuoteRequest, authToken?: string | null, signal?: AbortSignal): Promise<Totals> {
  return request<Totals>('/quote', { method: 'POST', json: body, authToken, signal })
}

/**
 * POST orders: reserves the stock (201, with the order's `access_token`). The same
 * Idempotency-Key and body give back the same order (200, with its `access_token` again); the
 * key with another body is 422 `idempotency_key_reused`.
 */
export function createOrder(body: OrderRequest, idempotencyKey: string, authToken?: string | null): Promise<Order> {
  return request<Order>('/orders', { method: 'POST', json: body, idempotencyKey, authToken })
}

// Orders ----------------------------------------------------------------------------------------

export function fetchOrder(id: string, credentials: OrderCredentials, signal?: AbortSignal): Promise<Order> {
  return request<Order>(orderPath(id), { ...credentials, signal })
}

/**
 * POST orders/{id}/payment (the sandbox card): a decline (402) keeps the reservation for another
 * card; 409 `reservation_expired` (the hold ran out), `already_paid` or `use_stripe`.
 */
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

/** A download's file, as the signed link answers it: the PDF and the name the server gives it. */
export interface DownloadedFile {
  blob: Blob
  filename: string | null
}

/**
 * GET the signed link of a download (an absolute URL, /api/v1/store/downloads/{id}?g=&e=&s=):
 * the PDF, or 410 `download_expired` / `download_used_up`, or 404 `not_found` for a link the
 * site did not sign — thrown as the one ApiError. No answer at all is status 0 `network`.
 */
export async function fetchDownload(url: string): Promise<DownloadedFile> {
  let response: Response
  try {
    response = await fetch(url, { headers: { Accept: 'application/pdf, application/json' } })
  } catch {
    throw new ApiError(0, 'network')
  }
  if (!response.ok) throw errorFromEnvelope(response.status, await response.json().catch(() => null), response.headers)
  const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
  return { blob: await response.blob(), filename: disposition?.[1] ?? null }
}
