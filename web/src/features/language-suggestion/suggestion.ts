import type { Lang } from '../../i18n/languages'

// docs/product.md#language-suggestion: countries whose visitors are offered Spanish or Portuguese.
const SPANISH_COUNTRIES = new Set([
  'AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PE', 'ES', 'UY', 'VE',
])
const PORTUGUESE_COUNTRIES = new Set(['BR', 'PT'])

/** The language to offer a visitor from this country, or null when there is none. */
export function languageForCountry(countryCode: string | null | undefined): Lang | null {
  const code = countryCode?.trim().toUpperCase() ?? ''
  if (SPANISH_COUNTRIES.has(code)) return 'es'
  if (PORTUGUESE_COUNTRIES.has(code)) return 'pt'
  return null
}

export interface SuggestionInput {
  countryCode: string | null
  current: Lang
  /** rumbo:lang-suggestion */
  dismissed: string | null
  /** rumbo:lang, the visitor's own explicit choice */
  chosen: string | null
}

/**
 * Which language to suggest, if any: only when the country maps to a language
 * other than the current one, the visitor never dismissed the popup, and the
 * current language is not one the visitor picked explicitly.
 */
export function suggestedLanguage({ countryCode, current, dismissed, chosen }: SuggestionInput): Lang | null {
  if (dismissed === 'dismissed' || chosen === current) return null
  const suggestion = languageForCountry(countryCode)
  return suggestion && suggestion !== current ? suggestion : null
}
