import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { track } from '../../../lib/analytics'
import { addToCart, errorCode } from '../cart/cart-store'
import { requestCartDrawer } from '../cart/storage'
import { useCartContext } from '../cart/use-cart'
import { clampQuantity, isReduced, maxQuantity } from '../format'
import type { ProductDetail, Variant } from '../types'
import { Price } from './Price'
import { StockLabel } from './StockLabel'
import { QuantityStepper } from './QuantityStepper'
import { VariantPicker } from './VariantPicker'

/** The variant offered first: the first that is not sold out (else the first). */
export function defaultVariant(variants: Variant[]): Variant | undefined {
  return variants.find((variant) => variant.stock.status !== 'sold_out') ?? variants[0]
}

/** The GA4 item of a variant (prices in USD, not cents). */
export function ecommerceItem(product: ProductDetail, variant: Variant, quantity: number) {
  return { item_id: variant.sku, item_name: product.name, price: variant.price_cents / 100, quantity }
}

/** The message of a failed "Add to cart", as a key of store.json. */
function failureKey(error: unknown): 'errors.out_of_stock' | 'errors.network' | 'errors.generic' {
  const code = errorCode(error)
  if (code === 'out_of_stock') return 'errors.out_of_stock'
  if (code === 'network') return 'errors.network'
  return 'errors.generic'
}

/**
 * Price, stock, the variant picker, the quantity (1 to 10, fewer when few are left) and "Add to
 * cart", which puts the variant in the cart and opens the cart drawer.
 */
export function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('store')
  const context = useCartContext()
  const quantityId = useId()
  const [sku, setSku] = useState(() => defaultVariant(product.variants)?.sku ?? '')
  const [quantity, setQuantity] = useState(1)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ReturnType<typeof failureKey> | null>(null)

  const variant = product.variants.find((candidate) => candidate.sku === sku)
  const stock = variant?.stock ?? product.stock
  const max = maxQuantity(stock)
  const soldOut = !variant || max === 0
  const price = variant?.price_cents ?? product.price_cents
  const compareAt = variant ? variant.compare_at_cents : product.compare_at_cents

  const choose = (next: string) => {
    setSku(next)
    setFailure(null)
    const chosen = product.variants.find((candidate) => candidate.sku === next)
    if (chosen) setQuantity((current) => clampQuantity(current, maxQuantity(chosen.stock)))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // aria-disabled rather than disabled while working: the button keeps the focus, which the drawer gives back.
    if (!variant || soldOut || busy || !context.ready) return
    setBusy(true)
    setFailure(null)
    try {
      await addToCart({ sku: variant.sku, name: product.name }, quantity, context)
      track({ name: 'add_to_cart', item: ecommerceItem(product, variant, quantity) })
      requestCartDrawer()
    } catch (error) {
      setFailure(failureKey(error))
    } finally {
      setBusy(false)
    }
  }

  const waiting = busy || !context.ready
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Price cents={price} compareAtCents={compareAt} currency={product.currency} className="text-2xl" />
        {isReduced(price, compareAt) && <span className="sale-badge static">{t('card.sale')}</span>}
      </div>
      <p className="flex flex-wrap items-center gap-2">
        {product.kind === 'digital' && <span className="tag">{t('card.digital')}</span>}
        {/* A download is never short; "In stock" is for things that ship. */}
        <StockLabel stock={stock} inStock={product.kind === 'physical' ? t('product.inStock') : undefined} />
      </p>
      {product.variants.length > 1 && <VariantPicker variants={product.variants} selected={sku} onSelect={choose} />}
      {!soldOut && (
        <div className="w-40">
          <QuantityStepper id={quantityId} label={t('product.quantity')} showLabel value={quantity} max={max} onChange={setQuantity} />
        </div>
      )}
      <div className="space-y-3">
        {soldOut ? (
          <button type="submit" disabled className={`${buttonStyles.primary} w-full sm:w-auto`}>
            {t('product.soldOut')}
          </button>
        ) : (
          <button type="submit" aria-disabled={waiting} className={`${buttonStyles.primary} w-full sm:w-auto`}>
            {busy ? t('product.adding') : t('product.addToCart')}
          </button>
        )}
        {failure && (
          <p role="alert" className="form-error">
            {t(failure)}
          </p>
        )}
      </div>
    </form>
  )
}
