import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, type ApiErrorCode } from '../../../lib/api-client'
import { useApiErrorMessage } from '../../../lib/api-errors'
import { isFieldProblem, postalCodeExample } from './address'

/** The store's codes this feature words itself (checkout:errors.<code>); the rest are errors:codes. */
export const STORE_CODES = ['cart_changed', 'out_of_stock', 'cart_not_found', 'not_found', 'missing_token', 'reservation_expired'] as const
export type StoreCode = (typeof STORE_CODES)[number]

export function isStoreCode(code: string): code is StoreCode {
  return (STORE_CODES as readonly string[]).includes(code)
}

/** The words for an answer's code: the checkout's own, else errors:codes.<code>, else the generic sentence. */
export function useCheckoutErrorText(): (code: string) => string {
  const { t } = useTranslation('checkout')
  const apiText = useApiErrorMessage()
  return useCallback(
    (code: string) => (isStoreCode(code) ? t(`errors.${code}`) : apiText(new ApiError(0, code as ApiErrorCode))),
    [t, apiText],
  )
}

/**
 * The words beside a field: a code of ours (the browser's check, or the server's 422 naming
 * one), or the server's own sentence when it sent words rather than a code.
 */
export function useFieldErrorText(): (problem: string, country?: string) => string {
  const { t } = useTranslation('checkout')
  return useCallback(
    (problem: string, country = '') => {
      if (problem === 'postal_code_invalid') {
        const example = postalCodeExample(country)
        return example ? t('fieldErrors.postal_code_format', { example }) : t('fieldErrors.postal_code_invalid')
      }
      if (isFieldProblem(problem)) return t(`fieldErrors.${problem}`)
      // An unknown code reads as the generic sentence; a sentence is the server's, already in the page's language.
      return /^[a-z0-9_]+$/.test(problem) ? t('fieldErrors.invalid') : problem
    },
    [t],
  )
}
