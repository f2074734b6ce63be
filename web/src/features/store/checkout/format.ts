import { INTL_LOCALE, type Lang } from '../../../i18n/languages'
import type { CommerceItem } from '../../../lib/analytics'
import type { CartLine, OrderLine } from '../types'

/** "US$12.50" / "USD 12,50": cents in the page's language; decimals only when there are some. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  const whole = cents % 100 === 0
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100)
}

/** "24 November 2026" in the page's language. */
export function formatDate(instant: string, lang: Lang): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long' }).format(new Date(instant))
}

/** "Nov 24, 2026, 3:05 PM" in the page's language and the visitor's zone. */
export function formatDateTime(instant: string, lang: Lang): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant))
}

/** A file's language ("es") named in the page's language ("Spanish"); the code itself when Intl cannot. */
export function languageName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Cents as GA4 wants money: dollars. */
export const dollars = (cents: number) => Math.round(cents) / 100

/** Cart or order lines as GA4's ecommerce items. */
export function commerceItems(lines: ReadonlyArray<CartLine | OrderLine>): CommerceItem[] {
  return lines.map((line) => ({
    item_id: line.sku,
    item_name: line.name,
    ...(line.variant_name ? { item_variant: line.variant_name } : {}),
    price: dollars(line.unit_price_cents),
    quantity: line.quantity,
  }))
}
