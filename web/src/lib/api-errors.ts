import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from './api-client'

/**
 * The visitor's words for an API error: `errors:codes.<code>` (locales/*\/errors.json, kept
 * complete by the server's tests), else a generic sentence (no answer at all, or a code this
 * build does not know).
 */
export function apiErrorMessage(t: TFunction<'errors'>, error: unknown): string {
  if (!isApiError(error) || error.code === 'unexpected') return t('fallback.unexpected')
  if (error.code === 'network') return t('fallback.network')
  return t(`codes.${error.code}`, { defaultValue: t('fallback.unexpected') })
}

/** `apiErrorMessage` bound to the current language (loads the `errors` namespace). */
export function useApiErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors')
  return useCallback((error: unknown) => apiErrorMessage(t, error), [t])
}
