import { enc, staffBlob, staffRequest } from '../api/client'
import type {
  BanRequest,
  Dashboard,
  DiscountList,
  IssueDraft,
  IssueList,
  IssuePreview,
  IssuePreviewRequest,
  NewDiscount,
  NewsletterIssue,
  OrderFilters,
  RefundRequest,
  SendRequest,
  ShipRequest,
  StaffDiscount,
  StaffOrderDetail,
  StaffOrderList,
  StaffUserDetail,
  StaffUserList,
  StockChange,
  StockItem,
  StockList,
  TestSent,
} from './types'

/** The owners' console API (docs/decisions/018), one function per endpoint, under /api/v1/staff/. */

const post = <T>(path: string, json?: unknown) => staffRequest<T>(path, { method: 'POST', json })

export const fetchDashboard = (signal?: AbortSignal) => staffRequest<Dashboard>('dashboard', { signal })

/** Empty filters are left out of the query (apiUrl drops them); page 1 is the server's default. */
export const fetchOrders = ({ status, from, to, kind, q, page }: OrderFilters, signal?: AbortSignal) =>
  staffRequest<StaffOrderList>('orders', { query: { status, from, to, kind, q: q.trim(), page: page > 1 ? page : null }, signal })
export const fetchOrder = (id: string, signal?: AbortSignal) => staffRequest<StaffOrderDetail>(`orders/${enc(id)}`, { signal })
export const shipOrder = (id: string, body: ShipRequest) => post<StaffOrderDetail>(`orders/${enc(id)}/ship`, body)
export const cancelOrder = (id: string) => post<StaffOrderDetail>(`orders/${enc(id)}/cancel`)
/** The key names one submission: its retries send the same key, so the server answers the same refund. */
export const refundOrder = (id: string, body: RefundRequest, idempotencyKey: string) =>
  staffRequest<StaffOrderDetail>(`orders/${enc(id)}/refunds`, { method: 'POST', json: body, idempotencyKey })

/** The CSV exports need the bearer token, so they are fetched as bytes rather than linked. */
export const exportCsv = (what: 'orders' | 'payouts', from: string, to: string) =>
  staffBlob(`${what}/export?${new URLSearchParams({ from, to }).toString()}`)

export const fetchStock = (lowOnly: boolean, signal?: AbortSignal) => staffRequest<StockList>('stock', { query: { low: lowOnly || null }, signal })
export const adjustStock = (sku: string, body: StockChange) => post<StockItem>(`stock/${enc(sku)}`, body)

export const fetchDiscounts = (signal?: AbortSignal) => staffRequest<DiscountList>('discounts', { signal })
export const createDiscount = (body: NewDiscount) => post<StaffDiscount>('discounts', body)
export const setDiscountActive = (code: string, active: boolean) => post<StaffDiscount>(`discounts/${enc(code)}/active`, { active })

export const fetchIssues = (signal?: AbortSignal) => staffRequest<IssueList>('newsletter/issues', { signal })
export const fetchIssue = (id: string, signal?: AbortSignal) => staffRequest<NewsletterIssue>(`newsletter/issues/${enc(id)}`, { signal })
export const createIssue = (body: IssueDraft) => post<NewsletterIssue>('newsletter/issues', body)
export const updateIssue = (id: string, body: IssueDraft) => staffRequest<NewsletterIssue>(`newsletter/issues/${enc(id)}`, { method: 'PUT', json: body })
export const previewIssue = (body: IssuePreviewRequest, signal?: AbortSignal) =>
  staffRequest<IssuePreview>('newsletter/preview', { method: 'POST', json: body, signal })
export const sendTestIssue = (id: string) => post<TestSent>(`newsletter/issues/${enc(id)}/test`)
export const sendIssue = (id: string, body: SendRequest) => post<NewsletterIssue>(`newsletter/issues/${enc(id)}/send`, body)
export const unscheduleIssue = (id: string) => post<NewsletterIssue>(`newsletter/issues/${enc(id)}/unschedule`)

export const fetchUsers = (q: string, signal?: AbortSignal) => staffRequest<StaffUserList>('users', { query: { q }, signal })
export const fetchUser = (id: string, signal?: AbortSignal) => staffRequest<StaffUserDetail>(`users/${enc(id)}`, { signal })
export const banUser = (id: string, body: BanRequest) => post<StaffUserDetail>(`users/${enc(id)}/ban`, body)
export const resendConfirmation = (id: string) => post<null>(`users/${enc(id)}/resend-confirmation`)
