import type { Lang } from '../../i18n/languages'
import { formatDate } from '../content/format'

const regionNames = new Map<Lang, Intl.DisplayNames | null>()

/** "ES" → "Spain" / "España" / "Espanha"; the code itself when the browser cannot name it. */
export function countryName(code: string, lang: Lang): string {
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region' }))
    } catch {
      regionNames.set(lang, null)
    }
  }
  try {
    return regionNames.get(lang)?.of(code.toUpperCase()) ?? code
  } catch {
    return code // not a region code at all
  }
}

/** The day an opinion was published ("1 December 2026"), from its instant, by the UTC calendar. */
export function publishedDate(instant: string, lang: Lang): string {
  return formatDate(instant.slice(0, 10), lang)
}
