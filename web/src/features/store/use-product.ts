import { useSuspenseQuery } from '@tanstack/react-query'
import type { Lang } from '../../i18n/languages'
import { useAppQueryClient } from '../../lib/query/query-client'
import { fetchProduct } from './api'
import type { ProductDetail } from './types'

export const productKey = (lang: Lang, slug: string) => ['store', 'product', lang, slug] as const

/**
 * One product in the page's language; null when the API does not know the slug (the page then
 * shows not-found). Suspends while it loads (the route's loader shows) and throws to the page's
 * error boundary when the API fails. Answers are reused for a few minutes, like the content's.
 */
export function useProduct(lang: Lang, slug: string): ProductDetail | null {
  return useSuspenseQuery({ queryKey: productKey(lang, slug), queryFn: () => fetchProduct(lang, slug) }, useAppQueryClient()).data
}
