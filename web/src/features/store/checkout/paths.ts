/** The store's paths this feature links to (English form; LocalizedLink adds the language). */
export const STORE_PATH = '/store'
export const CHECKOUT_PATH = '/store/checkout'

export { isOrderId } from '../../../lib/site-map'

/** An order's private page; the receipt e-mail's link adds `?token=…`, the site never does. */
export function orderPath(id: string): string {
  return `/store/orders/${encodeURIComponent(id)}`
}
