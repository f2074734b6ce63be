import { INTL_LOCALE, LANGUAGE_NAMES, isLang, type Lang } from '../../i18n/languages'
import type { StockState } from './types'

/** The most of one item a visitor may put in the cart at once. */
export const MAX_QUANTITY = 10

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Cents as money in the page's language: "$49" (en), "USD 19.99" (es), "US$ 1.234,56" (pt). Whole amounts have no
 * decimals; the currency is the API's (USD).
 */
export function formatPrice(cents: number, lang: Lang, currency = 'USD'): string {
  const whole = cents % 100 === 0
  const key = `${lang}:${currency}:${whole}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    })
    formatters.set(key, format)
  }
  return format.format(cents / 100)
}

/** Whether a price is reduced: a "compare at" price above it. */
export function isReduced(priceCents: number, compareAtCents: number | null | undefined): compareAtCents is number {
  return typeof compareAtCents === 'number' && compareAtCents > priceCents
}

/** What a product's stock says on a card or beside the price: nothing, "Only N left" or "Sold out". */
export type StockNote = { kind: 'low'; left: number } | { kind: 'soldOut' } | null

export function stockNote(stock: StockState): StockNote {
  if (stock.status === 'sold_out') return { kind: 'soldOut' }
  if (stock.status === 'low_stock' && stock.left !== null && stock.left > 0) return { kind: 'low', left: stock.left }
  return null
}

/** The largest quantity the stepper offers: 10, fewer when few are left, 0 when sold out. */
export function maxQuantity(stock: StockState): number {
  if (stock.status === 'sold_out') return 0
  if (stock.status === 'low_stock' && stock.left !== null) return Math.max(0, Math.min(MAX_QUANTITY, stock.left))
  return MAX_QUANTITY
}

/** A quantity kept between 1 and `max` (a whole number). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1
  return Math.max(1, Math.min(Math.max(1, max), Math.trunc(value)))
}

/** A language code named in the page's language ("Spanish", "Español"…); Rumbo's three name themselves. */
export function languageName(code: string, lang: Lang): string {
  if (isLang(code)) return LANGUAGE_NAMES[code]
  try {
    return new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
