import type { ProductSort } from './types'

/**
 * The catalogue's state in the address: `?category=guides&sort=price_asc`, so a filtered list can
 * be shared, bookmarked and reloaded. The defaults (every category, featured first) are left out.
 */
export const SORTS: readonly ProductSort[] = ['featured', 'price_asc', 'price_desc', 'newest']
export const DEFAULT_SORT: ProductSort = 'featured'

export interface StoreFilters {
  /** A category key, or null for every category. */
  category: string | null
  sort: ProductSort
}

// Category keys are slugs, like the API's own keys; anything else is ignored.
const CATEGORY_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/

function isSort(value: string | null): value is ProductSort {
  return value !== null && (SORTS as readonly string[]).includes(value)
}

/** The filters named by the address; unknown values fall back to the defaults. */
export function filtersFromSearch(search: string): StoreFilters {
  const params = new URLSearchParams(search)
  const category = params.get('category')
  const sort = params.get('sort')
  return {
    category: category !== null && CATEGORY_KEY.test(category) ? category : null,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  }
}

/** The query string for `changes` applied to the current address, keeping any other parameter. */
export function searchWithFilters(currentSearch: string, changes: Partial<StoreFilters>): string {
  const params = new URLSearchParams(currentSearch)
  const next = { ...filtersFromSearch(currentSearch), ...changes }
  if (next.category === null) params.delete('category')
  else params.set('category', next.category)
  if (next.sort === DEFAULT_SORT) params.delete('sort')
  else params.set('sort', next.sort)
  const query = params.toString()
  return query ? `?${query}` : ''
}
