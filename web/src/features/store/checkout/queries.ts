import { keepPreviousData, useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Lang } from '../../../i18n/languages'
import { isApiError } from '../../../lib/api-client'
import type { CardDetails } from '../../../lib/api/types'
import { useAppQueryClient } from '../../../lib/query/query-client'
import {
  acceptCartChanges,
  applyDiscount,
  createOrder,
  fetchCart,
  fetchDownload,
  fetchMyOrders,
  fetchOrder,
  fetchQuote,
  fetchShipping,
  fetchUserCart,
  payOrder,
  reissueDownload,
  removeDiscount,
  type OrderCredentials,
} from './api'
import { readGuestCartToken } from './cart-token'
import type { Cart, Download, Order, OrderRequest, QuoteRequest } from '../types'

/**
 * One TanStack Query hook per checkout and order request. Keys start with 'checkout' (the
 * store's catalogue and cart drawer keep their own), so a paid order can drop them together.
 */
export const checkoutKeys = {
  all: ['checkout'] as const,
  cart: (who: string, lang: Lang) => ['checkout', 'cart', who, lang] as const,
  carts: ['checkout', 'cart'] as const,
  shipping: (country: string, subtotalCents: number, lang: Lang) => ['checkout', 'shipping', country, subtotalCents, lang] as const,
  quote: (body: QuoteRequest, version: string) => ['checkout', 'quote', body, version] as const,
  /** Every cached read of one order, whatever its credentials (what a write updates). */
  orderById: (id: string) => ['checkout', 'order', id] as const,
  order: (id: string, credentials: OrderCredentials) => ['checkout', 'order', id, credentials.orderToken ?? '', credentials.authToken ?? ''] as const,
  myOrdersAll: ['checkout', 'my-orders'] as const,
  myOrders: (authToken: string) => ['checkout', 'my-orders', authToken] as const,
}

/** What identifies the cart as the visitor sees it: a change here is a new quote and a new attempt. */
export function cartVersion(cart: Cart): string {
  return JSON.stringify([
    cart.token,
    cart.lines.map((line) => [line.sku, line.quantity, line.unit_price_cents, line.added_price_cents, line.problem]),
    cart.discount?.code ?? null,
    cart.subtotal_cents,
  ])
}

/**
 * The cart being checked out: the signed-in user's (GET cart with the bearer), else this
 * browser's guest cart (its token in localStorage). Null: there is none, or it has expired.
 */
export function useCheckoutCart(lang: Lang, authToken: string | null, enabled: boolean) {
  const client = useAppQueryClient()
  const guestToken = authToken ? null : readGuestCartToken()
  const who = authToken ? `user:${authToken}` : `guest:${guestToken ?? ''}`
  const key = checkoutKeys.cart(who, lang)
  const query = useQuery(
    {
      queryKey: key,
      queryFn: async ({ signal }): Promise<Cart | null> => {
        if (authToken) return fetchUserCart(authToken, lang, signal)
        if (!guestToken) return null
        try {
          return await fetchCart(guestToken, lang, null, signal)
        } catch (error) {
          // An unknown or expired cart is an empty one (403 `cart_not_yours` is said: signing in opens it).
          if (isApiError(error) && error.code === 'cart_not_found') return null
          throw error
        }
      },
      enabled,
      staleTime: 0,
    },
    client,
  )
  const setCart = useCallback((cart: Cart) => client.setQueryData(key, cart), [client, key])
  return { query, setCart }
}

/** The cart's writes at checkout (accept changes, a discount code); each answers the new cart. */
export function useCartActions(cart: Cart, lang: Lang, authToken: string | null, setCart: (cart: Cart) => void) {
  const client = useAppQueryClient()
  const options = { onSuccess: setCart }
  const accept = useMutation({ mutationFn: () => acceptCartChanges(cart.token, lang, authToken), ...options }, client)
  const apply = useMutation({ mutationFn: (code: string) => applyDiscount(cart.token, code, lang, authToken), ...options }, client)
  const remove = useMutation({ mutationFn: () => removeDiscount(cart.token, lang, authToken), ...options }, client)
  return { accept, apply, remove }
}

/** The shipping methods to `country`, once a listed country is chosen. */
export function useShipping(country: string, subtotalCents: number, lang: Lang, enabled: boolean) {
  return useQuery(
    {
      queryKey: checkoutKeys.shipping(country, subtotalCents, lang),
      queryFn: ({ signal }) => fetchShipping(country, subtotalCents, lang, signal),
      enabled,
    },
    useAppQueryClient(),
  )
}

/** The server's totals for the cart (and shipping): the last ones stay on screen while new ones arrive. */
export function useQuote(body: QuoteRequest, version: string, authToken: string | null) {
  return useQuery(
    {
      queryKey: checkoutKeys.quote(body, version),
      queryFn: ({ signal }) => fetchQuote(body, authToken, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}

export interface PlaceVariables {
  body: OrderRequest
  idempotencyKey: string
  authToken: string | null
}

/** POST orders: the same key and body give back the same order. */
export function usePlaceOrder() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ body, idempotencyKey, authToken }: PlaceVariables) => createOrder(body, idempotencyKey, authToken),
      onSuccess: (order) => storeOrder(client, order),
    },
    client,
  )
}

/** Puts an order's new view in every cached read of it, and marks the account's list stale. */
export function storeOrder(client: QueryClient, order: Order): void {
  client.setQueriesData<Order>({ queryKey: checkoutKeys.orderById(order.id) }, (old) => (old ? { ...old, ...order } : old))
  void client.invalidateQueries({ queryKey: checkoutKeys.myOrdersAll })
}

/** One order, read with its private key and/or the owner's session; `enabled` false while neither is known. */
export function useOrderQuery(id: string, credentials: OrderCredentials, enabled: boolean) {
  return useQuery(
    {
      queryKey: checkoutKeys.order(id, credentials),
      queryFn: ({ signal }) => fetchOrder(id, credentials, signal),
      enabled,
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}

export function usePayOrder() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, card, credentials }: { id: string; card: CardDetails; credentials: OrderCredentials }) => payOrder(id, card, credentials),
      onSuccess: (order) => storeOrder(client, order),
    },
    client,
  )
}

/** A download's new link replaces the old one in every cached read of its order, and in the account's list. */
export function useReissueDownload() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ orderId, downloadId, credentials }: { orderId: string; downloadId: string; credentials: OrderCredentials }) =>
        reissueDownload(orderId, downloadId, credentials),
      onSuccess: (download: Download, { orderId }) => {
        const swap = (order: Order): Order => ({
          ...order,
          downloads: order.downloads.map((known) => (known.id === download.id ? download : known)),
        })
        client.setQueriesData<Order>({ queryKey: checkoutKeys.orderById(orderId) }, (old) => (old ? swap(old) : old))
        client.setQueriesData<Order[]>({ queryKey: checkoutKeys.myOrdersAll }, (old) =>
          old?.map((order) => (order.id === orderId ? swap(order) : order)),
        )
      },
    },
    client,
  )
}

/**
 * A download's file through its signed link. Whatever the answer (the file: one download less;
 * 410 `download_expired` / `download_used_up`, 404 `not_found`: the link is spent), the order is
 * read again, so its downloads show what is left and the link's state.
 */
export function useDownloadFile() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ url }: { orderId: string; url: string }) => fetchDownload(url),
      onSettled: (_file, _error, { orderId }) => {
        void client.invalidateQueries({ queryKey: checkoutKeys.orderById(orderId) })
        void client.invalidateQueries({ queryKey: checkoutKeys.myOrdersAll })
      },
    },
    client,
  )
}

/** The signed-in user's orders (the account page), newest first, asked again on each visit. */
export function useMyOrders(authToken: string) {
  return useQuery(
    { queryKey: checkoutKeys.myOrders(authToken), queryFn: ({ signal }) => fetchMyOrders(authToken, signal), staleTime: 0 },
    useAppQueryClient(),
  )
}
