import type { Lang } from '../../i18n/languages'
import { INTL_LOCALE } from './time'

/** "$49" / "USD 49" / "US$ 49" — cents in the page's language; decimals only when there are some. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  const whole = cents % 100 === 0
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100)
}
