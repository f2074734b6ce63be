import { Minus, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clampQuantity } from '../format'

interface Props {
  id: string
  /** The field's name ("Quantity", "Quantity of Lisbon guide"). */
  label: string
  /** Shown above the field; otherwise only read by screen readers. */
  showLabel?: boolean
  value: number
  /** The largest allowed (1 at least). */
  max: number
  onChange: (quantity: number) => void
  /** Nothing to change (sold out, a change under way): the controls stay focusable but do nothing. */
  inactive?: boolean
}

/**
 * − [n] +: the buttons change the quantity at once; a typed number counts on Enter or on leaving
 * the field, kept within 1..max. The buttons are never `disabled` (aria-disabled instead), so
 * the keyboard focus stays on them at the ends of the range.
 */
export function QuantityStepper({ id, label, showLabel = false, value, max, onChange, inactive = false }: Props) {
  const { t } = useTranslation('store')
  const [draft, setDraft] = useState(String(value))
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setDraft(String(value))
  }

  const commit = (next: number) => {
    if (inactive) return
    const quantity = clampQuantity(next, max)
    setDraft(String(quantity))
    if (quantity !== value) onChange(quantity)
  }

  const atMin = inactive || value <= 1
  const atMax = inactive || value >= max
  return (
    <div className="field">
      <label htmlFor={id} className={showLabel ? 'field-label' : 'sr-only'}>
        {label}
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper-btn"
          aria-label={t('product.decrease')}
          aria-controls={id}
          aria-disabled={atMin}
          onClick={() => !atMin && commit(value - 1)}
        >
          <Minus size={16} aria-hidden="true" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          step={1}
          value={draft}
          readOnly={inactive}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(Number(draft))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            commit(Number(draft))
          }}
          className="stepper-input"
        />
        <button
          type="button"
          className="stepper-btn"
          aria-label={t('product.increase')}
          aria-controls={id}
          aria-disabled={atMax}
          onClick={() => !atMax && commit(value + 1)}
        >
          <Plus size={16} aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
