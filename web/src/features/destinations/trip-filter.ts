import { TYPE_SLUGS } from '../../lib/site-map'

/** The destinations page's tabs: every destination, or one type of trip. */
export type TripType = (typeof TYPE_SLUGS)[number]
export type TripFilter = 'all' | TripType

export const TRIP_FILTERS: readonly TripFilter[] = ['all', ...TYPE_SLUGS]

function isTripType(value: string | null): value is TripType {
  return value !== null && (TYPE_SLUGS as readonly string[]).includes(value)
}

/** The tab named by the address (`?type=beaches`); anything else is "all". */
export function filterFromSearch(search: string): TripFilter {
  const type = new URLSearchParams(search).get('type')
  return isTripType(type) ? type : 'all'
}

/** The query string of a tab, keeping any other parameters; "all" has no `type`. */
export function searchForFilter(filter: TripFilter, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch)
  if (filter === 'all') params.delete('type')
  else params.set('type', filter)
  const query = params.toString()
  return query ? `?${query}` : ''
}
