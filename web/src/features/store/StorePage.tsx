import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { buttonStyles } from '../../components/ui/button-styles'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { CatalogControls } from './components/CatalogControls'
import { ProductCard, ProductCardSkeleton } from './components/ProductCard'
import { filtersFromSearch, searchWithFilters, type StoreFilters } from './filters'
import type { Category } from './types'
import { useCatalog } from './use-catalog'

const SKELETONS = 6

/**
 * The store's catalogue (docs/product.md#store): the categories and the order in the address
 * (`?category=&sort=`), a grid of product cards, and more on "Show more products".
 */
export default function StorePage() {
  const { t } = useTranslation('store')
  const lang = useLang()
  useDocumentMeta({ page: 'store' }, lang)
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const filters = filtersFromSearch(search)
  const catalog = useCatalog(lang, filters)
  const list = useRef<HTMLUListElement>(null)

  // The categories of the last answer stay on screen while another category loads.
  const [categories, setCategories] = useState<Category[] | null>(null)
  const answered = catalog.data?.pages[0]?.categories
  if (answered && answered !== categories) setCategories(answered)

  const choose = (changes: Partial<StoreFilters>) =>
    void navigate(pathname + searchWithFilters(search, changes), { replace: true, preventScrollReset: true })

  const items = catalog.data?.pages.flatMap((page) => page.items) ?? []
  // After "Show more products", the first new card takes the focus: the keyboard continues where the list grew.
  const focusAt = useRef<number | null>(null)
  useEffect(() => {
    const index = focusAt.current
    if (index === null || items.length <= index) return
    focusAt.current = null
    list.current?.querySelectorAll<HTMLElement>('.card-link')[index]?.focus()
  }, [items.length])
  const loadMore = () => {
    focusAt.current = items.length
    void catalog.fetchNextPage()
  }

  let results: ReactNode
  if (catalog.data) {
    results =
      items.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-sand-100 px-5 py-4 text-slate-700">{t('catalog.empty')}</p>
      ) : (
        <ul ref={list} className="card-grid mt-4">
          {items.map((product, index) => (
            <li key={product.slug} className="flex">
              <ProductCard product={product} priority={index < 3} />
            </li>
          ))}
        </ul>
      )
  } else if (catalog.isError && !catalog.isFetching) {
    results = (
      <div role="alert" className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-coral-50 px-5 py-4 text-coral-700">
        <p className="font-medium">{t('catalog.error')}</p>
        <button type="button" className={buttonStyles.secondary} onClick={() => void catalog.refetch()}>
          {t('catalog.retry')}
        </button>
      </div>
    )
  } else {
    results = (
      <>
        <output className="sr-only">{t('catalog.loading')}</output>
        <ul className="card-grid mt-4" aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <li key={index} className="flex">
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </>
    )
  }

  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <section aria-label={t('catalog.label')} className="mx-auto max-w-6xl px-4 pb-16">
        {categories ? (
          <CatalogControls filters={filters} categories={categories} onChange={choose} />
        ) : (
          <div aria-hidden="true" className="flex min-h-[4.75rem] flex-wrap items-end gap-2 motion-safe:animate-pulse">
            {[20, 28, 24, 32].map((width) => (
              <span key={width} className="h-11 rounded-full bg-sand-200" style={{ width: `${width * 0.25}rem` }} />
            ))}
          </div>
        )}
        {/* An implicit live region: the count is read when a filter or "more" changes it. */}
        <output className="mt-6 block min-h-5 text-sm text-slate-600">{catalog.data ? t('catalog.count', { count: items.length }) : ''}</output>
        {results}
        {catalog.hasNextPage && (
          <div className="mt-10 flex flex-col items-center gap-3">
            {catalog.isFetchNextPageError && (
              <p role="alert" className="form-error">
                {t('catalog.loadMoreError')}
              </p>
            )}
            <button
              type="button"
              className={buttonStyles.secondary}
              aria-disabled={catalog.isFetchingNextPage}
              onClick={() => !catalog.isFetchingNextPage && loadMore()}
            >
              {catalog.isFetchingNextPage ? t('catalog.loadingMore') : catalog.isFetchNextPageError ? t('catalog.retry') : t('catalog.loadMore')}
            </button>
          </div>
        )}
      </section>
    </>
  )
}
