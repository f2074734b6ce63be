import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** The store's codes this feature words itself (checkout:errors.<code>); the rest are errors:codes. */
export const STORE_CODES = ['cart_changed', 'out_of_stock', 'cart_not_found', 'not_found', 'missing_token', 'reservation_expired'] as const
export type StoreCode = (typeof STORE_CODES)[number]

export function isStoreCode(code: string): code is StoreCode {
  return (STORE_CODES as readonly string[]).includes(code)
}

/**
 * The words for an answer's code: the checkout's own, else errors:codes.<code> (the store's
 * codes join errors.json with the server's), else the generic sentences for no answer or an
 * unknown code. The same rule as lib/api-errors.ts, written here so that the store's pages do
 * not split that module away from the consultations' chunk (bundle budgets, README).
 */
export function useCheckoutErrorText(): (code: string) => string {
  const { t } = useTranslation('checkout')
  const { t: errors } = useTranslation('errors')
  return useCallback(
    (code: string) => {
      if (isStoreCode(code)) return t(`errors.${code}`)
      if (code === 'network') return errors('fallback.network')
      const fallback = errors('fallback.unexpected')
      return code === 'unexpected' ? fallback : errors(`codes.${code as 'not_found'}`, { defaultValue: fallback })
    },
    [t, errors],
  )
}
