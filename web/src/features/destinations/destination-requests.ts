import type { Lang } from '../../i18n/languages'
import { apiUrl, getJson, getJsonOrNull } from '../content/api'
import type { DestinationDetail, DestinationList } from '../content/types'
import type { PageDataRequest } from '../content/use-page-data'
import type { TripFilter } from './trip-filter'

/**
 * The destinations of a tab. The server embeds the unfiltered list for /destinations, so
 * a filtered tab only takes embedded data rendered for its own address (path plus query).
 */
export function destinationsRequest(lang: Lang, filter: TripFilter, pathname: string, search: string): PageDataRequest<DestinationList> {
  const url = apiUrl('destinations', lang, { type: filter === 'all' ? undefined : filter })
  return { key: url, load: () => getJson<DestinationList>(url), path: filter === 'all' ? pathname : pathname + search }
}

/** One destination; `null` when the API does not know it. */
export function destinationRequest(lang: Lang, slug: string): PageDataRequest<DestinationDetail | null> {
  const url = apiUrl(`destinations/${encodeURIComponent(slug)}`, lang)
  return { key: url, load: () => getJsonOrNull<DestinationDetail>(url) }
}
