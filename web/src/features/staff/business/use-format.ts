import { useCallback } from 'react'
import { INTL_LOCALE } from '../../../i18n/languages'
import { useStaff } from '../context'
import { formatMoney } from '../format'
import { formatDateTime } from '../time'

/**
 * The owners' pages' amounts and instants in the page's language (Intl, like the rest of the
 * console): cents in their currency, instants in the reader's zone, counts grouped. Null is a dash.
 */
export function useBusinessFormat() {
  const { lang, zone } = useStaff()
  const locale = INTL_LOCALE[lang]
  const money = useCallback((cents: number, currency = 'USD') => formatMoney(cents, currency, locale), [locale])
  const when = useCallback((instant: string | null) => (instant ? formatDateTime(instant, lang, zone) : '—'), [lang, zone])
  const count = useCallback((value: number) => new Intl.NumberFormat(locale).format(value), [locale])
  return { money, when, count }
}
