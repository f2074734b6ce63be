import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'react-router'
import type { Lang } from '../../i18n/languages'
import { useAppQueryClient } from '../../lib/query/query-client'
import { takePageData } from '../content/page-data'
import { fetchProducts } from './api'
import { isDefaultView, type StoreFilters } from './filters'
import type { ProductPage } from './types'

export const catalogKey = (lang: Lang, filters: StoreFilters) => ['store', 'products', lang, filters.category ?? '', filters.sort] as const

function isProductPage(value: unknown): value is ProductPage {
  const page = value as Partial<ProductPage> | null
  return typeof page === 'object' && page !== null && Array.isArray(page.items) && Array.isArray(page.categories)
}

/**
 * The catalogue for the filters in the address, a page at a time (`next_cursor`). The first
 * page may come embedded in the page by the server (the unfiltered list on /store); otherwise
 * the screen shows card skeletons until it arrives, or the failure with a retry.
 */
export function useCatalog(lang: Lang, filters: StoreFilters) {
  const { pathname, search } = useLocation()
  // Read once: the block describes the page the server answered, only the first time.
  const [embedded] = useState(() => {
    const data = takePageData(isDefaultView(filters) ? pathname : pathname + search)
    return isProductPage(data) ? { key: catalogKey(lang, filters).join('|'), data } : null
  })
  const key = catalogKey(lang, filters)
  const initialData: InfiniteData<ProductPage, string | null> | undefined =
    embedded?.key === key.join('|') ? { pages: [embedded.data], pageParams: [null] } : undefined
  return useInfiniteQuery(
    {
      queryKey: key,
      queryFn: ({ pageParam, signal }) => fetchProducts(lang, filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      initialData,
    },
    useAppQueryClient(),
  )
}
