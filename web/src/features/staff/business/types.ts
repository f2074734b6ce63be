/**
 * The owners' console API shapes (admins only), written by hand: they mirror the API table of
 * docs/decisions/018-owners-console.md and will become aliases of the generated OpenAPI types
 * (lib/api/types.ts) once the server publishes them. Every name is the one decision 018 uses, so
 * that swap is mechanical: replace each declaration by `export type X = Schemas['X']`.
 * JSON members are snake_case; instants are RFC 3339 UTC strings, dates "YYYY-MM-DD".
 */
import type { Lang } from '../../../i18n/languages'

export type { Lang }

export type OrderStatus = 'pending_payment' | 'paid' | 'fulfilled' | 'partially_refunded' | 'refunded' | 'canceled'

export interface StaffOrderSummary {
  id: string
  number: string
  email: string
  language: Lang
  status: OrderStatus
  kind: 'digital' | 'physical' | 'mixed'
  total_cents: number
  refunded_cents: number
  currency: string
  created_at: string
  paid_at: string | null
}

/** GET /staff/orders; query: status, from, to (YYYY-MM-DD), kind, q, discount, page (1-based). */
export interface StaffOrderList {
  items: StaffOrderSummary[]
  total: number
  page: number
  page_size: number
}

export interface StaffOrderLine {
  position: number
  sku: string
  slug: string
  kind: 'digital' | 'physical'
  name: string
  variant_name: string
  quantity: number
  refunded_quantity: number
  unit_price_cents: number
  line_total_cents: number
}

export interface StaffPayment {
  id: string
  provider: string
  status: string
  amount_cents: number
  refunded_cents: number
  currency: string
  card_brand: string | null
  card_last4: string | null
  created_at: string
}

export interface StaffRefund {
  id: string
  amount_cents: number
  reason: string
  restock: boolean
  status: 'pending' | 'succeeded' | 'failed'
  lines: { position: number; quantity: number }[]
  by_email: string | null
  created_at: string
}

/** For 'mail', `detail` is e.g. "order_shipped · sent". */
export interface OrderEvent {
  at: string
  event: 'placed' | 'paid' | 'shipped' | 'refunded' | 'canceled' | 'mail'
  detail: string
}

export interface OrderAddress {
  name: string
  line1: string
  line2: string
  city: string
  region: string
  postal_code: string
  country: string
  phone: string
}

export interface StaffOrderDetail extends StaffOrderSummary {
  subtotal_cents: number
  discount_code: string | null
  discount_cents: number
  shipping_cents: number
  shipping_address: OrderAddress | null
  shipping_method: string | null
  carrier: string | null
  tracking_number: string | null
  refundable_cents: number
  lines: StaffOrderLine[]
  payments: StaffPayment[]
  refunds: StaffRefund[]
  timeline: OrderEvent[]
}

export interface ShipRequest {
  carrier: string
  tracking_number: string
}

/** Neither amount nor lines: everything left. */
export interface RefundRequest {
  reason: string
  restock: boolean
  amount_cents?: number
  lines?: { position: number; quantity: number }[]
}

export interface StockItem {
  sku: string
  slug: string
  product_name: string
  variant_name: string
  stock: number
  low: boolean
}

/** GET /staff/stock?low=true */
export interface StockList {
  threshold: number
  items: StockItem[]
}

/** POST /staff/stock/{sku} → StockItem */
export interface StockChange {
  change: number
  reason: string
}

export interface StaffDiscount {
  code: string
  kind: 'percent' | 'fixed'
  amount: number
  min_subtotal_cents: number | null
  expires_at: string | null
  max_uses: number | null
  uses: number
  active: boolean
  created_at: string
  paid_orders: number
  discount_given_cents: number
}

export interface DiscountList {
  items: StaffDiscount[]
}

/** percent: 1–100; fixed: cents. */
export interface NewDiscount {
  code: string
  kind: 'percent' | 'fixed'
  amount: number
  min_subtotal_cents?: number | null
  expires_at?: string | null
  max_uses?: number | null
}

export interface IssueFigures {
  recipients: number
  sent: number
  failed: number
  unsubscribes_7d: number
}

export interface NewsletterIssue {
  id: string
  lang: Lang
  subject: string
  preheader: string
  body_markdown: string
  public: boolean
  slug: string
  status: 'draft' | 'scheduled' | 'sending' | 'sent'
  scheduled_at: string | null
  sent_at: string | null
  created_at: string
  updated_at: string
  figures: IssueFigures
}

export interface IssueList {
  items: NewsletterIssue[]
}

/** POST /staff/newsletter/issues, PUT /staff/newsletter/issues/{id} */
export interface IssueDraft {
  lang: Lang
  subject: string
  preheader: string
  body_markdown: string
  public: boolean
}

export interface IssuePreviewRequest {
  lang: Lang
  subject: string
  preheader: string
  body_markdown: string
}

export interface IssuePreview {
  subject: string
  html: string
  text: string
}

/** POST /staff/newsletter/issues/{id}/test → 202 */
export interface TestSent {
  to: string
}

/** POST /staff/newsletter/issues/{id}/send; /unschedule has no body. */
export interface SendRequest {
  at?: string | null
}

export interface DashboardPeriod {
  from: string
  bookings: number
  consultations_cents: number
  orders: number
  store_cents: number
}

export interface Dashboard {
  currency: 'USD'
  week: DashboardPeriod
  month: DashboardPeriod
  cases: { due_soon: number; overdue: number }
  subscribers: { lang: Lang; confirmed: number; pending: number }[]
  signups_by_source: { source: string; count: number }[]
  top_posts: { slug: string; lang: Lang; title: string; views: number }[]
  outbox: { queued: number; failed: number; oldest_queued_at: string | null }
  payments_awaiting_reconciliation: number
}

export interface StaffUserSummary {
  id: string
  email: string
  created_at: string
  last_sign_in_at: string | null
  email_confirmed_at: string | null
  banned_until: string | null
  roles: ('consultant' | 'admin')[]
}

/** GET /staff/users?q= */
export interface StaffUserList {
  items: StaffUserSummary[]
}

export interface StaffUserBooking {
  id: string
  plan: string
  status: string
  starts_at: string | null
  amount_cents: number
  currency: string
}

export interface StaffUserDetail extends StaffUserSummary {
  bookings: StaffUserBooking[]
  orders: StaffOrderSummary[]
}

/** POST /staff/users/{id}/ban → StaffUserDetail; POST /staff/users/{id}/resend-confirmation → 202 */
export interface BanRequest {
  banned: boolean
  hours?: number | null
}

export interface NewsletterArchiveItem {
  slug: string
  lang: Lang
  subject: string
  preheader: string
  sent_at: string
}

export interface NewsletterArchive {
  items: NewsletterArchiveItem[]
}

export interface NewsletterArchiveIssue extends NewsletterArchiveItem {
  html: string
}

// The console's own lists of the values above (filters, selects).
export const ORDER_STATUSES = ['pending_payment', 'paid', 'fulfilled', 'partially_refunded', 'refunded', 'canceled'] as const satisfies readonly OrderStatus[]
export const ORDER_KINDS = ['digital', 'physical'] as const

/** The orders list's filters as the page keeps them in its address ('' = any). */
export interface OrderFilters {
  status: OrderStatus | ''
  from: string
  to: string
  kind: (typeof ORDER_KINDS)[number] | ''
  q: string
  page: number
}
