/**
 * The store's checkout and order shapes, written by hand until the server's OpenAPI document
 * describes the store; then each becomes an alias of the generated type in lib/api/types.ts
 * (`Schemas['…']`) and this file goes. Money is in USD cents, times are ISO 8601 instants.
 */
import type { BookingPayment, Lang } from '../../../lib/api/types'

export type ProductKind = 'digital' | 'physical'

export interface StoreImage {
  src: string
  alt: string
  width: number
  height: number
}

/** `left` only when low on stock (a digital product: null). */
export interface StockState {
  status: 'in_stock' | 'low_stock' | 'sold_out'
  left: number | null
}

export type LineProblem = 'sold_out' | 'quantity_reduced'

export interface CartLine {
  sku: string
  slug: string
  name: string
  variant_name: string
  kind: ProductKind
  image: StoreImage
  quantity: number
  unit_price_cents: number
  /** The price when the line was added; differs from `unit_price_cents` when `price_changed`. */
  added_price_cents: number
  price_changed: boolean
  stock: StockState
  problem: LineProblem | null
  line_total_cents: number
}

export interface CartDiscount {
  code: string
  amount_cents: number
}

export interface Cart {
  /** The cart's secret: the path of every call about it. */
  token: string
  lines: CartLine[]
  /** The sum of the quantities. */
  count: number
  subtotal_cents: number
  currency: string
  discount: CartDiscount | null
  /** Some line is a physical good: the order needs a shipping address and method. */
  has_physical: boolean
  /** Some line has `price_changed` or a `problem`: the visitor must accept before ordering. */
  changed: boolean
}

export interface ShippingMethod {
  id: string
  name: string
  days_min: number
  days_max: number
  /** 0 when free. */
  price_cents: number
}

export interface ShippingOptions {
  methods: ShippingMethod[]
  free_over_cents: number | null
}

export interface Totals {
  subtotal_cents: number
  discount_cents: number
  shipping_cents: number
  total_cents: number
  currency: string
  taxes_included: boolean
}

export interface QuoteRequest {
  cart_token: string
  country?: string | undefined
  shipping_method?: string | undefined
  lang: Lang
}

/** A shipping address; `country` is the ISO 3166-1 alpha-2 code. */
export interface Address {
  name: string
  line1: string
  line2?: string | null | undefined
  city: string
  region?: string | null | undefined
  postal_code: string
  country: string
  phone?: string | null | undefined
}

export interface OrderRequest {
  cart_token: string
  email: string
  language: Lang
  shipping?: Address | undefined
  shipping_method?: string | undefined
}

export type OrderStatus = 'pending_payment' | 'paid' | 'fulfilled' | 'canceled' | 'refunded' | 'partially_refunded'

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending_payment', 'paid', 'fulfilled', 'canceled', 'refunded', 'partially_refunded']

export interface OrderLine {
  sku: string
  slug: string
  name: string
  variant_name: string
  kind: ProductKind
  quantity: number
  unit_price_cents: number
  line_total_cents: number
}

/** A paid digital line's file: a signed link that expires, a limited number of times. */
export interface Download {
  id: string
  name: string
  language: string
  url: string
  expires_at: string
  downloads_left: number
}

export interface Tracking {
  carrier: string
  number: string
  url?: string | null | undefined
}

/** The same payment view as a consultation's (provider, status, Stripe's keys, card brand and last four). */
export type OrderPayment = BookingPayment

export interface Order {
  id: string
  /** What people read: "R-2026-000123". */
  number: string
  status: OrderStatus
  email: string
  language: string
  lines: OrderLine[]
  totals: Totals
  shipping: Address | null
  shipping_method: { id: string; name: string } | null
  /** Until when the stock stays reserved for the payment (pending orders). */
  reserved_until: string | null
  payment: OrderPayment
  downloads: Download[]
  tracking: Tracking | null
  created_at: string
  /** The order's private key: only in the answer that created it. */
  access_token?: string | null | undefined
}

export interface OrderList {
  items: Order[]
}
