import { useTranslation } from 'react-i18next'
import type { Variant } from '../types'
import { Price } from './Price'
import { StockLabel } from './StockLabel'

interface Props {
  variants: Variant[]
  selected: string
  onSelect: (sku: string) => void
}

/** The product's options as a radio group: name, price and stock of each; sold-out ones cannot be chosen. */
export function VariantPicker({ variants, selected, onSelect }: Props) {
  const { t } = useTranslation('store')
  return (
    <fieldset>
      <legend className="field-label">{t('product.variants')}</legend>
      <div className="mt-2 grid gap-2">
        {variants.map((variant) => {
          const soldOut = variant.stock.status === 'sold_out'
          return (
            <label key={variant.sku} className="variant-option" data-sold-out={soldOut || undefined}>
              <input
                type="radio"
                name="variant"
                value={variant.sku}
                checked={variant.sku === selected}
                disabled={soldOut}
                onChange={() => onSelect(variant.sku)}
                className="size-4 shrink-0 accent-ocean-700"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ocean-900">{variant.name}</span>
                <StockLabel stock={variant.stock} />
              </span>
              <Price cents={variant.price_cents} compareAtCents={variant.compare_at_cents} className="text-right text-base" />
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
