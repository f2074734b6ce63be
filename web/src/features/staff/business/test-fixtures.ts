import { answerApi, me, refusal, type Sent } from '../test-harness'
import type { Dashboard, NewsletterIssue, StaffDiscount, StaffOrderDetail, StaffOrderSummary, StaffUserDetail, StockItem } from './types'

// What the owners' pages' tests share: an admin, records of decision 018, and the API answered per
// "METHOD path?query" (GET /staff/me always answers the admin).

export const ADMIN = me({ id: 'u-admin', email: 'owner@rumbo.test', roles: ['admin'], consultant: null })

type Route = (request: Sent) => Response
export function serveBusiness(routes: Record<string, Route>): void {
  answerApi((request) => {
    if (request.url === '/api/v1/staff/me') return Response.json(ADMIN)
    const route = routes[`${request.method} ${request.url}`]
    return route ? route(request) : refusal(404, 'not_found')
  })
}

/** The requests other than GET /staff/me, as "METHOD url". */
export const asked = (requests: Sent[]) => requests.filter((r) => r.url !== '/api/v1/staff/me').map((r) => `${r.method} ${r.url}`)

export function orderSummary(changes: Partial<StaffOrderSummary> = {}): StaffOrderSummary {
  return {
    id: 'o-1',
    number: 'R-10024',
    email: 'ana@example.com',
    language: 'es',
    status: 'paid',
    kind: 'physical',
    total_cents: 5400,
    refunded_cents: 0,
    currency: 'usd',
    created_at: '2026-11-20T15:00:00Z',
    paid_at: '2026-11-20T15:01:00Z',
    ...changes,
  }
}

export function orderDetail(changes: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
  return {
    ...orderSummary(),
    subtotal_cents: 5000,
    discount_code: null,
    discount_cents: 0,
    shipping_cents: 400,
    shipping_address: { name: 'Ana Pérez', line1: 'Calle 1 # 2-3', line2: '', city: 'Bogotá', region: 'DC', postal_code: '110111', country: 'CO', phone: '+57 300 000 0000' },
    shipping_method: 'standard',
    carrier: null,
    tracking_number: null,
    refundable_cents: 5400,
    lines: [
      { position: 1, sku: 'MAP-CO', slug: 'map', kind: 'physical', name: 'Map of Colombia', variant_name: 'Paper', quantity: 1, refunded_quantity: 0, unit_price_cents: 2000, line_total_cents: 2000 },
      { position: 2, sku: 'GUIDE-PDF', slug: 'guide', kind: 'digital', name: 'Lima guide', variant_name: 'PDF', quantity: 3, refunded_quantity: 1, unit_price_cents: 1000, line_total_cents: 3000 },
    ],
    payments: [{ id: 'p-1', provider: 'stripe', status: 'succeeded', amount_cents: 5400, refunded_cents: 0, currency: 'usd', card_brand: 'visa', card_last4: '4242', created_at: '2026-11-20T15:01:00Z' }],
    refunds: [],
    timeline: [
      { at: '2026-11-20T15:00:00Z', event: 'placed', detail: '' },
      { at: '2026-11-20T15:01:00Z', event: 'mail', detail: 'order_receipt · sent' },
    ],
    ...changes,
  }
}

export function stockItem(changes: Partial<StockItem> = {}): StockItem {
  return { sku: 'MAP-CO', slug: 'map', product_name: 'Map of Colombia', variant_name: 'Paper', stock: 3, low: true, ...changes }
}

export function discount(changes: Partial<StaffDiscount> = {}): StaffDiscount {
  return {
    code: 'VERANO10',
    kind: 'percent',
    amount: 10,
    min_subtotal_cents: null,
    expires_at: null,
    max_uses: 100,
    uses: 7,
    active: true,
    created_at: '2026-11-01T12:00:00Z',
    paid_orders: 6,
    discount_given_cents: 3150,
    ...changes,
  }
}

export function issue(changes: Partial<NewsletterIssue> = {}): NewsletterIssue {
  return {
    id: 'i-1',
    lang: 'es',
    subject: 'Viajar en diciembre',
    preheader: 'Consejos para las fiestas',
    body_markdown: 'Hola **viajeros**.',
    public: true,
    slug: 'viajar-en-diciembre',
    status: 'draft',
    scheduled_at: null,
    sent_at: null,
    created_at: '2026-11-20T12:00:00Z',
    updated_at: '2026-11-21T12:00:00Z',
    figures: { recipients: 0, sent: 0, failed: 0, unsubscribes_7d: 0 },
    ...changes,
  }
}

export function userDetail(changes: Partial<StaffUserDetail> = {}): StaffUserDetail {
  return {
    id: 'u-1',
    email: 'lucia@example.com',
    created_at: '2026-10-01T12:00:00Z',
    last_sign_in_at: '2026-11-20T12:00:00Z',
    email_confirmed_at: '2026-10-01T12:05:00Z',
    banned_until: null,
    roles: [],
    bookings: [],
    orders: [orderSummary()],
    ...changes,
  }
}

const period = (from: string, scale: number) => ({ from, bookings: 4 * scale, consultations_cents: 39600 * scale, orders: 12 * scale, store_cents: 123450 * scale })

export function dashboard(): Dashboard {
  return {
    currency: 'USD',
    week: period('2026-11-23T05:00:00Z', 1),
    month: period('2026-11-01T05:00:00Z', 3),
    cases: { due_soon: 2, overdue: 1 },
    subscribers: [
      { lang: 'en', confirmed: 1200, pending: 30 },
      { lang: 'es', confirmed: 2400, pending: 12 },
      { lang: 'pt', confirmed: 800, pending: 4 },
    ],
    signups_by_source: [{ source: 'footer', count: 55 }],
    top_posts: [{ slug: 'lima-en-3-dias', lang: 'es', title: 'Lima en 3 días', views: 4321 }],
    outbox: { queued: 5, failed: 0, oldest_queued_at: null },
    payments_awaiting_reconciliation: 1,
  }
}
