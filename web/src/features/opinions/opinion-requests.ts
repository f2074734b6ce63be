import type { Lang } from '../../i18n/languages'
import { apiUrl, getJson, getJsonOrNull } from '../content/api'
import type { PageDataRequest } from '../content/use-page-data'
import type { CategoryFilter } from './category-filter'
import type { OpinionList, OpinionPage } from './types'

/**
 * The opinions of one filter. A filtered list only takes embedded data rendered for its own
 * address (path plus query), like the destinations' tabs: the unfiltered block never passes for it.
 */
export function opinionsRequest(lang: Lang, filter: CategoryFilter, pathname: string, search: string): PageDataRequest<OpinionList> {
  const url = apiUrl('opinions', lang, { category: filter === 'all' ? undefined : filter })
  return { key: url, load: () => getJson<OpinionList>(url), path: filter === 'all' ? pathname : pathname + search }
}

/** One opinion; `null` when the slug is unknown (the page shows not-found). */
export function opinionRequest(lang: Lang, slug: string): PageDataRequest<OpinionPage | null> {
  const url = apiUrl(`opinions/${encodeURIComponent(slug)}`, lang)
  return { key: url, load: () => getJsonOrNull<OpinionPage>(url) }
}
