/** The store's paths this feature links to (English form; LocalizedLink adds the language). */
export const STORE_PATH = '/store'
export const CHECKOUT_PATH = '/store/checkout'


/** An order's private page; the receipt e-mail's link adds `?token=…`, the site never does. */
export function orderPath(id: string): string {
  return `/store/orders/${encodeURIComponent(id)}`
}

/** Order ids are short opaque words (a UUID today); anything else is not found. */
export function isOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value)
}
