import { OPINION_CATEGORIES, type OpinionCategory } from './types'

/** The list's filter: every opinion, or one category. */
export type CategoryFilter = 'all' | OpinionCategory

export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', ...OPINION_CATEGORIES]

function isCategory(value: string | null): value is OpinionCategory {
  return value !== null && (OPINION_CATEGORIES as readonly string[]).includes(value)
}

/** The filter named by the address (`?category=hotel`); anything else is "all". */
export function categoryFromSearch(search: string): CategoryFilter {
  const category = new URLSearchParams(search).get('category')
  return isCategory(category) ? category : 'all'
}

/** The query string of a filter, keeping any other parameters; "all" has no `category`. */
export function searchForCategory(filter: CategoryFilter, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch)
  if (filter === 'all') params.delete('category')
  else params.set('category', filter)
  const query = params.toString()
  return query ? `?${query}` : ''
}
