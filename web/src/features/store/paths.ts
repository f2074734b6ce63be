import { PAGE_PATHS } from '../../lib/site-map'

/** App paths of the store (English form; LocalizedLink adds the language). */
export function productPath(slug: string): string {
  return `${PAGE_PATHS.store}/${slug}`
}

/** The catalogue showing one category. */
export function categoryPath(category: string): string {
  return `${PAGE_PATHS.store}?category=${encodeURIComponent(category)}`
}

/** The checkout page (docs/product.md#store-checkout-and-orders). */
export const CHECKOUT_PATH = `${PAGE_PATHS.store}/checkout`
