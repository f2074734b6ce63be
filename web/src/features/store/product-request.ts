import type { Lang } from '../../i18n/languages'
import { apiUrl } from '../../lib/api-client'
import type { PageDataRequest } from '../content/use-page-data'
import { fetchProduct } from './api'
import type { ProductDetail } from './types'

/** One product, from the page's data block, the query cache or the API; null when the slug is unknown. */
export function productRequest(lang: Lang, slug: string): PageDataRequest<ProductDetail | null> {
  return { key: apiUrl(`store/products/${encodeURIComponent(slug)}`, { lang }), load: () => fetchProduct(lang, slug) }
}
