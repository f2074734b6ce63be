import { TriangleAlert } from 'lucide-react'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import type { Lang } from '../../../../i18n/languages'
import { formatMoney } from '../format'
import type { Cart, CartLine } from '../../types'

interface Props {
  cart: Cart
  lang: Lang
  busy: boolean
  error: string | null
  onAccept: () => void
  headingRef: Ref<HTMLHeadingElement>
}

/** The lines the visitor has not seen as they are now: a new price, sold out, fewer left. */
export function changedLines(cart: Cart): CartLine[] {
  return cart.lines.filter((line) => line.price_changed || line.problem !== null)
}

/**
 * What changed in the cart since the items were added (docs/product.md#store-checkout-and-orders):
 * the order cannot be placed until the visitor accepts it (POST carts/{token}/accept). The
 * heading takes the focus when the server answers 409 `cart_changed`.
 */
export function CartChanges({ cart, lang, busy, error, onAccept, headingRef }: Props) {
  const { t } = useTranslation('checkout')
  const money = (cents: number) => formatMoney(cents, cart.currency, lang)
  const describe = (line: CartLine) => {
    const name = line.variant_name ? `${line.name} (${line.variant_name})` : line.name
    if (line.problem === 'sold_out') return t('changes.soldOut', { name })
    if (line.problem === 'quantity_reduced') return t('changes.reduced', { name, count: line.quantity })
    return t('changes.price', { name, price: money(line.unit_price_cents), was: money(line.added_price_cents) })
  }

  return (
    <section aria-labelledby="cart-changes-heading" className="rounded-3xl border-2 border-coral-600 bg-coral-50 p-6 text-ocean-900">
      <h2 id="cart-changes-heading" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold focus:outline-none">
        <TriangleAlert aria-hidden="true" size={22} className="shrink-0 text-coral-700" />
        {t('changes.heading')}
      </h2>
      <p className="mt-2">{t('changes.intro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {changedLines(cart).map((line) => (
          <li key={line.sku}>{describe(line)}</li>
        ))}
      </ul>
      {error && (
        <p className="form-error mt-3" role="alert">
          {error}
        </p>
      )}
      <button type="button" className={`${buttonStyles.primary} mt-4`} onClick={onAccept} disabled={busy}>
        {busy ? t('changes.accepting') : t('changes.accept')}
      </button>
    </section>
  )
}
