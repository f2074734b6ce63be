/**
 * The owners' console API shapes (docs/decisions/018, admins only): aliases of the generated
 * OpenAPI types (lib/api/types.ts), under the names the console uses. JSON members are
 * snake_case; instants are RFC 3339 UTC strings, dates "YYYY-MM-DD".
 *
 * Some members are plain strings in the document although the server only answers a handful of
 * values (an order's and a refund's `status`, an issue's `status`, a discount's and a line's
 * `kind`): the lists below name those values, and the console narrows with `isOneOf` where it
 * uses one as a key (business/words.ts), so a value it does not know yet is shown as written.
 */
import type { IssueDraft as IssueDraftBody, IssuePreviewRequest as IssuePreviewBody, NewDiscountRequest, Address } from '../../../lib/api/types'
import type { Language } from '../types'

export type {
  BanRequest,
  Dashboard,
  DashboardPeriod,
  DiscountList,
  IssueFigures,
  IssueList,
  IssuePreview,
  NewsletterArchive,
  NewsletterArchiveIssue,
  NewsletterArchiveItem,
  NewsletterIssue,
  OrderEvent,
  OrderKind,
  RefundRequest,
  SendRequest,
  ShipRequest,
  StaffDiscount,
  StaffOrderDetail,
  StaffOrderLine,
  StaffOrderList,
  StaffOrderSummary,
  StaffPayment,
  StaffRefund,
  StaffUserBooking,
  StaffUserDetail,
  StaffUserList,
  StaffUserSummary,
  StockChange,
  StockItem,
  StockList,
  TestSent,
} from '../../../lib/api/types'

/** An order's shipping address (absent parts are empty strings). */
export type OrderAddress = Address

// The values the server answers for its plain-string members.
export const ORDER_STATUSES = ['pending_payment', 'paid', 'fulfilled', 'partially_refunded', 'refunded', 'canceled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** A line's kind; also the orders list's `kind` filter. */
export const ORDER_KINDS = ['digital', 'physical'] as const
export type LineKind = (typeof ORDER_KINDS)[number]
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]
export const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const
export type IssueStatus = (typeof ISSUE_STATUSES)[number]
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

// Request bodies: the console always sends every member, and only the values it knows.
/** POST /staff/discounts. percent: 1–100; fixed: cents. */
export type NewDiscount = Omit<NewDiscountRequest, 'kind'> & { kind: DiscountKind }
/** POST /staff/newsletter/issues, PUT /staff/newsletter/issues/{id}. */
export type IssueDraft = Omit<IssueDraftBody, 'lang' | 'preheader' | 'public'> & { lang: Language; preheader: string; public: boolean }
/** POST /staff/newsletter/preview. */
export type IssuePreviewRequest = Omit<IssuePreviewBody, 'lang' | 'preheader'> & { lang: Language; preheader: string }

/** The orders list's filters as the page keeps them in its address ('' = any). */
export interface OrderFilters {
  status: OrderStatus | ''
  from: string
  to: string
  kind: LineKind | ''
  q: string
  page: number
}
