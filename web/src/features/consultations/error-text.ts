import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, type ApiErrorCode } from '../../lib/api-client'
import { useApiErrorMessage } from '../../lib/api-errors'
import { isContextCode } from './errors'

/**
 * The words for a code in the booking flow and the booking page: this feature's own where it
 * says more in context (CONTEXT_CODES), else errors:codes.<code> / errors:fallback like every
 * other API error (`apiErrorMessage`).
 */
export function useErrorText(): (code: string) => string {
  const { t } = useTranslation('consultations')
  const apiText = useApiErrorMessage()
  return useCallback(
    (code: string) => (isContextCode(code) ? t(`errors.${code}`) : apiText(new ApiError(0, code as ApiErrorCode))),
    [t, apiText],
  )
}
