/**
 * The store API's shapes (/api/v1/store, STORE contract), written by hand until the server's
 * OpenAPI document describes them; they then become aliases of the generated types in
 * lib/api/types.ts, like content/types.ts. Money is in USD cents.
 */
import type { Lang } from '../../i18n/languages'

export type ProductKind = 'digital' | 'physical'

/** in_stock, low_stock (with how many are left) or sold_out; `left` is null otherwise. */
export interface StockState {
  status: 'in_stock' | 'low_stock' | 'sold_out'
  left: number | null
}

export interface ProductImage {
  /** A site path (/media/…). */
  src: string
  alt: string
  width: number
  height: number
}

export interface ProductCard {
  slug: string
  name: string
  summary: string
  /** The category's key (the `?category=` value). */
  category: string
  category_name: string
  kind: ProductKind
  image: ProductImage
  /** The lowest variant's price. */
  price_cents: number
  compare_at_cents: number | null
  on_sale: boolean
  currency: string
  stock: StockState
  /** YYYY-MM-DD */
  published: string
}

export interface StoreCategory {
  key: string
  name: string
}

/** GET /store/products */
export interface ProductPage {
  items: ProductCard[]
  next_cursor: string | null
  categories: StoreCategory[]
}

export interface Variant {
  sku: string
  name: string
  price_cents: number
  compare_at_cents: number | null
  stock: StockState
}

/** GET /store/products/{slug} */
export interface ProductDetail extends ProductCard {
  /** Sanitized by the server. */
  description_html: string
  /** The gallery; the first is `image`. */
  images: ProductImage[]
  variants: Variant[]
  related: ProductCard[]
  /** Digital products: the languages the file exists in (en, es, pt…). */
  languages: string[]
}

export type ProductSort = 'featured' | 'price_asc' | 'price_desc' | 'newest'

export type LineProblem = 'sold_out' | 'quantity_reduced'

export interface CartLine {
  sku: string
  slug: string
  name: string
  variant_name: string
  kind: ProductKind
  image: ProductImage
  quantity: number
  unit_price_cents: number
  /** The price when the line was added; differs from unit_price_cents when price_changed. */
  added_price_cents: number
  price_changed: boolean
  stock: StockState
  problem: LineProblem | null
  line_total_cents: number
}

export interface Cart {
  /** The cart's secret: the guest keeps it in localStorage (rumbo.cart). */
  token: string
  lines: CartLine[]
  /** The sum of the quantities. */
  count: number
  subtotal_cents: number
  currency: string
  discount: { code: string; amount_cents: number } | null
  has_physical: boolean
  /** Some line has price_changed or a problem: the visitor accepts them (POST …/accept). */
  changed: boolean
}

/** PUT /store/carts/{token}/lines */
export interface LineChange {
  sku: string
  quantity: number
  lang?: Lang
}
