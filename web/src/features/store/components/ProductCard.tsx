import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { productPath } from '../paths'
import type { ProductCard as Product } from '../types'
import { Price } from './Price'
import { StockLabel } from './StockLabel'

interface Props {
  product: Product
  headingLevel?: 2 | 3
  /** In the first screen: fetched first, never lazily. */
  priority?: boolean
}

/** A product in a list: image, category, name (the link, covering the card), summary, tags, price. */
export function ProductCard({ product, headingLevel = 2, priority = false }: Props) {
  const { t } = useTranslation('store')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="content-card">
      <div className="relative">
        {/* Intrinsic size plus a fixed ratio: the card keeps its shape before the image arrives. */}
        <img
          src={product.image.src}
          width={product.image.width}
          height={product.image.height}
          alt={product.image.alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="product-img"
        />
        {product.on_sale && <span className="sale-badge">{t('card.sale')}</span>}
      </div>
      <div className="content-card-body">
        <p className="eyebrow">{product.category_name}</p>
        <Heading className="content-card-title">
          <LocalizedLink to={productPath(product.slug)} className="card-link">
            {product.name}
          </LocalizedLink>
        </Heading>
        <p className="content-card-text line-clamp-3">{product.summary}</p>
        <div className="product-card-foot">
          <Price cents={product.price_cents} compareAtCents={product.compare_at_cents} currency={product.currency} />
          <p className="flex flex-wrap items-center gap-2">
            {product.kind === 'digital' && <span className="tag">{t('card.digital')}</span>}
            <StockLabel stock={product.stock} />
          </p>
        </div>
      </div>
    </article>
  )
}

/** A card's shape while the catalogue loads: same image ratio and text lines, no content. */
export function ProductCardSkeleton() {
  return (
    <div className="content-card" aria-hidden="true">
      <div className="product-img" />
      <div className="content-card-body motion-safe:animate-pulse">
        <div className="h-4 w-1/3 rounded bg-sand-200" />
        <div className="h-7 w-3/4 rounded-lg bg-sand-200" />
        <div className="h-4 w-full rounded bg-sand-200" />
        <div className="h-4 w-5/6 rounded bg-sand-200" />
        <div className="product-card-foot">
          <div className="h-7 w-20 rounded-lg bg-sand-200" />
        </div>
      </div>
    </div>
  )
}
