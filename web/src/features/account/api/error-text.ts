import type { TFunction } from 'i18next'
import { isApiError } from '../../../lib/api-client'

/**
 * An /api/v1 refusal in the visitor's words: `errors:codes.<code>`, else the general sentence —
 * lib/api-errors.ts's rule. That module lives in a chunk the booking pages share; importing it
 * here too would split it into a file of its own, one more name in the first load's preload
 * table (web/README.md, "Performance budget").
 */
export function apiErrorText(t: TFunction<'errors'>, error: unknown): string {
  if (!isApiError(error) || error.code === 'unexpected') return t('fallback.unexpected')
  if (error.code === 'network') return t('fallback.network')
  return t(`codes.${error.code}`, { defaultValue: t('fallback.unexpected') })
}
