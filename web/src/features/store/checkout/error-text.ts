import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import type { ApiError } from '../../../lib/api-client'
import { formatMoney } from './format'

/**
 * The codes this feature words itself (checkout:errors.<code>), because they say more in the
 * checkout than errors:codes.<code>: the server's codes the page reacts to, and the page's own
 * (`missing_token`: an order page without its link's token or a session; `shipping_required`:
 * the server's `shipping: required`, an order of physical goods without an address).
 */
export const STORE_CODES = [
  'cart_changed',
  'out_of_stock',
  'cart_not_found',
  'order_not_found',
  'reservation_expired',
  'missing_token',
  'shipping_required',
] as const
export type StoreCode = (typeof STORE_CODES)[number]

export function isStoreCode(code: string): code is StoreCode {
  return (STORE_CODES as readonly string[]).includes(code)
}

/** A 422 `discount_minimum`: the subtotal (cents) the code needs, its `minimum_cents` member. */
export function discountMinimumOf(error: ApiError): number | null {
  const minimum = error.body.minimum_cents
  return error.code === 'discount_minimum' && typeof minimum === 'number' ? minimum : null
}

/**
 * The words for a refusal — a code, or the ApiError itself when its extra members fill the text
 * (422 `discount_minimum` names the minimum subtotal, `minimum_cents`, in `currency`): the
 * checkout's own, else errors:codes.<code> (the server's codes, in every language), else the
 * generic sentences for no answer or an unknown code. The envelope's `message` is English for
 * developers and never shown. The same rule as lib/api-errors.ts, written here so that the
 * store's pages do not split that module away from the consultations' chunk (bundle budgets, README).
 */
export function useCheckoutErrorText(): (problem: string | ApiError, currency?: string) => string {
  const { t } = useTranslation('checkout')
  const { t: errors } = useTranslation('errors')
  const lang = useLang()
  return useCallback(
    (problem: string | ApiError, currency = 'USD') => {
      const code: string = typeof problem === 'string' ? problem : problem.code
      if (isStoreCode(code)) return t(`errors.${code}`)
      if (code === 'network') return errors('fallback.network')
      const fallback = errors('fallback.unexpected')
      if (code === 'unexpected') return fallback
      if (code === 'discount_minimum') {
        const minimum = typeof problem === 'string' ? null : discountMinimumOf(problem)
        // Without the amount (never from this server) the sentence would lack its number.
        return minimum === null ? t('discount.invalid') : errors('codes.discount_minimum', { minimum: formatMoney(minimum, currency, lang) })
      }
      return errors(`codes.${code as 'not_found'}`, { defaultValue: fallback })
    },
    [t, errors, lang],
  )
}
