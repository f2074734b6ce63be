import type { Cart, CartLine, Download, Order, OrderLine } from '../types'

/** Tests only: the store's answers as the API gives them (its OpenAPI document), in Spanish. */

export const CART_TOKEN = 'cart-tok-123'
export const ORDER_ID = '5f0c2b7e-8d1a-4c3b-9e2f-0a1b2c3d4e5f'
export const ORDER_TOKEN = 'order-tok-456'

const image = (slug: string) => ({ src: `/media/${slug}.svg`, alt: slug, width: 400, height: 400 })

export const GUIDE: CartLine = {
  sku: 'guia-lisboa-pdf',
  slug: 'guia-lisboa',
  name: 'Guía de Lisboa',
  variant_name: 'PDF',
  kind: 'digital',
  image: image('guia-lisboa'),
  quantity: 1,
  unit_price_cents: 1250,
  added_price_cents: 1250,
  price_changed: false,
  stock: { status: 'in_stock', left: null },
  problem: null,
  line_total_cents: 1250,
}

export const BAG: CartLine = {
  sku: 'bolso-viaje-azul',
  slug: 'bolso-viaje',
  name: 'Bolso de viaje',
  variant_name: 'Azul',
  kind: 'physical',
  image: image('bolso-viaje'),
  quantity: 2,
  unit_price_cents: 3000,
  added_price_cents: 3000,
  price_changed: false,
  stock: { status: 'low_stock', left: 3 },
  problem: null,
  line_total_cents: 6000,
}

export function cartOf(lines: CartLine[], patch: Partial<Cart> = {}): Cart {
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0)
  return {
    token: CART_TOKEN,
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_cents: subtotal,
    currency: 'USD',
    discount: null,
    has_physical: lines.some((line) => line.kind === 'physical'),
    changed: lines.some((line) => line.price_changed || line.problem !== null),
    ...patch,
  }
}

/** A download's signed link, as the server writes it: absolute (the site's origin), with its generation, expiry and signature. */
export const signedLink = (id: string, generation = 1) =>
  `${window.location.origin}/api/v1/store/downloads/${id}?g=${generation}&e=1796083200&s=sig-${id}-${generation}`

export function downloadOf(patch: Partial<Download> = {}): Download {
  return {
    id: 'dl-1',
    name: 'Guía de Lisboa',
    language: 'es',
    url: signedLink('dl-1'),
    expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    downloads_left: 5,
    ...patch,
  }
}

export function orderOf(lines: ReadonlyArray<CartLine | OrderLine>, patch: Partial<Order> = {}): Order {
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0)
  const shipping = lines.some((line) => line.kind === 'physical') ? 500 : 0
  return {
    id: ORDER_ID,
    number: 'R-2026-000123',
    status: 'pending_payment',
    email: 'ana@example.com',
    language: 'es',
    lines: lines.map(({ sku, slug, name, variant_name, kind, quantity, unit_price_cents, line_total_cents }) => ({
      sku,
      slug,
      name,
      variant_name,
      kind,
      quantity,
      unit_price_cents,
      line_total_cents,
    })),
    totals: {
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: shipping,
      total_cents: subtotal + shipping,
      currency: 'USD',
      taxes_included: true,
    },
    shipping: null,
    shipping_method: null,
    reserved_until: new Date(Date.now() + 15 * 60_000).toISOString(),
    payment: { provider: 'sandbox', status: 'requires_payment', client_secret: null, publishable_key: null, card_brand: null, card_last4: null },
    downloads: [],
    tracking: null,
    created_at: '2026-03-14T10:00:00Z',
    ...patch,
  }
}
