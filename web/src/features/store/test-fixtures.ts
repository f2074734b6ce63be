/** Test helpers of the store: API answers as the OpenAPI document describes them, and a recording fake API. */
import type { Cart, CartLine, ProductCard, ProductDetail, ProductPage, Variant } from './types'

/** A product card as the store API answers it. */
export function productCard(slug: string, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    slug,
    name: `Name of ${slug}`,
    summary: `Summary of ${slug}`,
    category: 'guides',
    category_name: 'Guides',
    kind: 'digital',
    image: { src: `/media/${slug}.svg`, alt: `Cover of ${slug}`, width: 800, height: 600 },
    price_cents: 1900,
    compare_at_cents: null,
    on_sale: false,
    currency: 'USD',
    stock: { status: 'in_stock', left: null },
    published: '2026-03-01',
    ...overrides,
  }
}

export function productPage(slugs: string[], nextCursor: string | null = null): ProductPage {
  return {
    items: slugs.map((slug) => productCard(slug)),
    next_cursor: nextCursor,
    categories: [
      { key: 'guides', name: 'Guides' },
      { key: 'gear', name: 'Gear' },
    ],
  }
}

export function variant(sku: string, overrides: Partial<Variant> = {}): Variant {
  return { sku, name: `Variant ${sku}`, price_cents: 2500, compare_at_cents: null, stock: { status: 'in_stock', left: null }, ...overrides }
}

/** A physical product with three sizes: S sold out, M with 3 left, L on sale. */
export function productDetail(slug = 'packing-cubes', overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...productCard(slug, { kind: 'physical', category: 'gear', category_name: 'Gear', price_cents: 2500 }),
    description: 'Three packing cubes that keep a bag tidy.',
    description_html: '<p>Three cubes that <strong>keep a bag tidy</strong>.</p>',
    images: [
      { src: `/media/${slug}-1.svg`, alt: 'The three cubes', width: 800, height: 600 },
      { src: `/media/${slug}-2.svg`, alt: 'The cubes in a bag', width: 800, height: 600 },
    ],
    variants: [
      variant('CUBES-S', { name: 'Small', price_cents: 2500, stock: { status: 'sold_out', left: null } }),
      variant('CUBES-M', { name: 'Medium', price_cents: 2900, stock: { status: 'low_stock', left: 3 } }),
      variant('CUBES-L', { name: 'Large', price_cents: 2900, compare_at_cents: 3900, stock: { status: 'in_stock', left: null } }),
    ],
    related: [productCard('lisbon-guide')],
    languages: [],
    ...overrides,
  }
}

export function cartLine(sku: string, quantity: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    sku,
    slug: 'packing-cubes',
    name: 'Packing cubes',
    variant_name: 'Medium',
    kind: 'physical',
    image: { src: '/media/packing-cubes-1.svg', alt: 'The three cubes', width: 800, height: 600 },
    quantity,
    unit_price_cents: 2900,
    added_price_cents: 2900,
    price_changed: false,
    stock: { status: 'in_stock', left: null },
    problem: null,
    line_total_cents: 2900 * quantity,
    ...overrides,
  }
}

export function cart(token: string, lines: CartLine[] = [], overrides: Partial<Cart> = {}): Cart {
  return {
    token,
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_cents: lines.reduce((sum, line) => sum + line.line_total_cents, 0),
    currency: 'USD',
    discount: null,
    has_physical: lines.some((line) => line.kind === 'physical'),
    changed: lines.some((line) => line.price_changed || line.problem !== null),
    ...overrides,
  }
}

export interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  auth: string | null
}

type Handler = (call: Call) => Response | Promise<Response>

/** A fake API: records every call and answers with `handler`; locale files answer from disk elsewhere. */
export function fakeApi(handler: Handler) {
  const calls: Call[] = []
  const answer = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost')
    const headers = new Headers(init.headers)
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      auth: headers.get('authorization'),
    }
    calls.push(call)
    return handler(call)
  }
  return { calls, answer }
}

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}
