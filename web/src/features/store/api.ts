import type { Lang } from '../../i18n/languages'
import { apiRequest, isApiError } from '../../lib/api-client'
import type { StoreFilters } from './filters'
import type { ProductDetail, ProductPage } from './types'

/** Products per page of the catalogue (a multiple of the grid's 2 and 3 columns). */
export const PAGE_SIZE = 12

/** GET /store/products: one page of the catalogue, filtered and sorted. */
export function fetchProducts(lang: Lang, filters: StoreFilters, cursor: string | null, signal?: AbortSignal): Promise<ProductPage> {
  return apiRequest<ProductPage>('store/products', {
    query: { lang, category: filters.category, sort: filters.sort, cursor, limit: PAGE_SIZE },
    signal,
  })
}

/** GET /store/products/{slug}; null when the API does not know the slug (404: the not-found page). */
export async function fetchProduct(lang: Lang, slug: string): Promise<ProductDetail | null> {
  try {
    return await apiRequest<ProductDetail>(`store/products/${encodeURIComponent(slug)}`, { query: { lang } })
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}
