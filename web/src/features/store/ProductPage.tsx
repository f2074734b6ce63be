import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useLang } from '../../i18n/use-lang'
import { track } from '../../lib/analytics'
import { useDocumentMeta } from '../../lib/document-meta'
import { isProductSlug } from '../../lib/site-map'
import NotFoundPage from '../not-found/NotFoundPage'
import { Breadcrumb } from './components/Breadcrumb'
import { BuyBox, defaultVariant, ecommerceItem } from './components/BuyBox'
import { Gallery } from './components/Gallery'
import { ProductCard } from './components/ProductCard'
import { languageName } from './format'
import { useProduct } from './use-product'
import type { ProductDetail } from './types'

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('store')
  const lang = useLang()
  // The same description as the server's head for this page (the product's meta description).
  useDocumentMeta({ title: t('product.documentTitle', { name: product.name }), description: product.description }, lang)

  // GA4's view_item, once per product shown, with the variant offered first.
  const offered = defaultVariant(product.variants)
  const item = offered ? ecommerceItem(product, offered, 1) : null
  const [itemId, itemName, itemPrice] = [item?.item_id, item?.item_name ?? '', item?.price ?? 0]
  useEffect(() => {
    if (itemId) track({ name: 'view_item', item: { item_id: itemId, item_name: itemName, price: itemPrice, quantity: 1 } })
  }, [itemId, itemName, itemPrice])

  const images = product.images.length > 0 ? product.images : [product.image]
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:pt-10">
      <Breadcrumb category={product.category} categoryName={product.category_name} name={product.name} />
      <div className="mt-8 grid items-start gap-10 md:grid-cols-2">
        <Gallery images={images} name={product.name} />
        <div>
          <p className="eyebrow">{product.category_name}</p>
          <h1 className="mt-3 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">{product.name}</h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">{product.summary}</p>
          <BuyBox product={product} />
          {product.kind === 'digital' && product.languages.length > 0 && (
            <div className="mt-8">
              <h2 className="small-heading">{t('product.languages')}</h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {product.languages.map((code) => (
                  <li key={code} lang={code} className="tag">
                    {languageName(code, lang)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      <section aria-labelledby="product-description" className="mx-auto mt-14 max-w-3xl">
        <h2 id="product-description" className="text-3xl font-semibold">
          {t('product.description')}
        </h2>
        {/* Sanitized by the server before it is stored, like a post's body. */}
        <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: product.description_html }} />
      </section>
      {product.related.length > 0 && (
        <section aria-labelledby="product-related" className="mt-16">
          <h2 id="product-related" className="text-3xl font-semibold">
            {t('product.related')}
          </h2>
          <ul className="card-grid mt-8">
            {product.related.map((related) => (
              <li key={related.slug} className="flex">
                <ProductCard product={related} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/**
 * The product's shape while it loads (the API is asked after the page's code arrives, on a first
 * visit too): breadcrumb, the gallery's 4:3 image and the buy box's lines, so the page keeps its
 * height and the footer is not shown, then pushed away, when the product arrives (a layout shift).
 */
function ProductSkeleton() {
  const { t } = useTranslation()
  return (
    // <output> is an implicit role="status", like the page loader's: "Loading the page…".
    <output className="mx-auto block max-w-6xl px-4 pt-8 pb-16 sm:pt-10">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        <div className="h-5 w-64 max-w-full rounded bg-sand-200" />
        <div className="mt-8 grid items-start gap-10 md:grid-cols-2">
          <div className="aspect-[4/3] w-full rounded-3xl bg-sand-100" />
          <div className="space-y-5">
            <div className="h-4 w-1/4 rounded bg-sand-200" />
            <div className="h-12 w-5/6 rounded-xl bg-sand-200" />
            <div className="h-12 w-2/3 rounded-xl bg-sand-200" />
            <div className="h-5 w-full rounded bg-sand-200" />
            <div className="h-5 w-11/12 rounded bg-sand-200" />
            <div className="h-8 w-24 rounded-lg bg-sand-200" />
            <div className="h-11 w-40 rounded-xl bg-sand-200" />
            <div className="h-12 w-48 rounded-full bg-sand-200" />
          </div>
        </div>
      </div>
    </output>
  )
}

function Product({ slug }: { slug: string }) {
  const product = useProduct(useLang(), slug)
  if (!product) return <NotFoundPage />
  return <ProductView product={product} />
}

/** /store/{slug}: a product from the API; an unknown slug is not found. */
export default function ProductPage() {
  const { slug } = useParams()
  if (!isProductSlug(slug)) return <NotFoundPage />
  return (
    <Suspense key={slug} fallback={<ProductSkeleton />}>
      <Product slug={slug} />
    </Suspense>
  )
}
