import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useLang } from '../../../i18n/use-lang'
import { QuantityStepper } from '../components/QuantityStepper'
import { formatPrice, maxQuantity } from '../format'
import { productPath } from '../paths'
import type { CartLine } from '../types'

interface Props {
  line: CartLine
  currency: string
  busy: boolean
  onQuantity: (quantity: number) => void
  onRemove: () => void
}

/** One line of the cart: image, name and variant, unit price, quantity, remove, line total, and what changed. */
export function CartLineItem({ line, currency, busy, onQuantity, onRemove }: Props) {
  const { t } = useTranslation('store')
  const lang = useLang()
  const quantityId = useId()
  const price = (cents: number) => formatPrice(cents, lang, currency)
  // The stepper never offers less than what is in the cart; the server caps it by stock anyway.
  const max = Math.max(line.quantity, maxQuantity(line.stock))
  const soldOut = line.stock.status === 'sold_out' || line.problem === 'sold_out'
  return (
    <li className="flex gap-4 py-5">
      <img
        src={line.image.src}
        width={line.image.width}
        height={line.image.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-2xl bg-sand-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-ocean-900">
              <LocalizedLink to={productPath(line.slug)} className="rounded-sm hover:underline">
                {line.name}
              </LocalizedLink>
            </p>
            {line.variant_name && <p className="text-sm text-slate-600">{line.variant_name}</p>}
            <p className="text-sm text-slate-600">{t('cart.unitPrice', { price: price(line.unit_price_cents) })}</p>
          </div>
          <p className="shrink-0 font-semibold text-ocean-900">{price(line.line_total_cents)}</p>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="w-36">
            <QuantityStepper
              id={quantityId}
              label={t('cart.quantityOf', { name: line.name })}
              value={line.quantity}
              max={max}
              onChange={onQuantity}
              inactive={busy || soldOut}
            />
          </div>
          <button
            type="button"
            className="link-button text-sm"
            aria-label={t('cart.removeItem', { name: line.name })}
            aria-disabled={busy}
            onClick={() => !busy && onRemove()}
          >
            {t('cart.remove')}
          </button>
        </div>
        {(line.price_changed || line.problem) && (
          <div className="cart-notice mt-3">
            {line.price_changed && (
              <p>{t('cart.priceChanged', { from: price(line.added_price_cents), to: price(line.unit_price_cents) })}</p>
            )}
            {line.problem === 'sold_out' && <p>{t('cart.problems.sold_out')}</p>}
            {line.problem === 'quantity_reduced' && <p>{t('cart.problems.quantity_reduced', { left: line.quantity })}</p>}
          </div>
        )}
      </div>
    </li>
  )
}
