import type { Lang } from '../../i18n/languages'
import { formatDate } from '../content/format'

export { countryName } from '../../lib/countries'

/** The day an opinion was published ("1 December 2026"), from its instant, by the UTC calendar. */
export function publishedDate(instant: string, lang: Lang): string {
  return formatDate(instant.slice(0, 10), lang)
}
