import { useInfiniteQuery } from '@tanstack/react-query'
import type { Lang } from '../../i18n/languages'
import { useAppQueryClient } from '../../lib/query/query-client'
import { fetchProducts } from './api'
import type { StoreFilters } from './filters'

export const catalogKey = (lang: Lang, filters: StoreFilters) => ['store', 'products', lang, filters.category ?? '', filters.sort] as const

/**
 * The catalogue for the filters in the address, a page at a time (`next_cursor`); the screen
 * shows card skeletons until the first page arrives, or the failure with a retry. A list seen
 * within a few minutes (back from a product) comes from the cache.
 */
export function useCatalog(lang: Lang, filters: StoreFilters) {
  return useInfiniteQuery(
    {
      queryKey: catalogKey(lang, filters),
      queryFn: ({ pageParam, signal }) => fetchProducts(lang, filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    },
    useAppQueryClient(),
  )
}
