import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../../i18n/languages'
import { formatMoney } from '../format'
import type { ShippingMethod, ShippingOptions } from '../../types'

interface Props {
  /** Null until a country is chosen. */
  options: { status: 'idle' } | { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; value: ShippingOptions }
  selected: string | null
  onSelect: (id: string) => void
  error: string | undefined
  currency: string
  lang: Lang
}

/** The shipping methods to the chosen country, as one radio group: name, delivery days and price (or Free). */
export function ShippingMethods({ options, selected, onSelect, error, currency, lang }: Props) {
  const { t } = useTranslation('checkout')
  const legendId = useId()
  const errorId = useId()
  const days = (method: ShippingMethod) =>
    method.days_min === method.days_max
      ? t('shipping.days', { count: method.days_min })
      : t('shipping.daysRange', { min: method.days_min, max: method.days_max })

  let body
  if (options.status === 'idle') body = <p className="text-slate-600">{t('shipping.chooseCountry')}</p>
  else if (options.status === 'loading') {
    body = (
      <output className="block min-h-24 text-slate-600" aria-busy="true">
        {t('shipping.loading')}
      </output>
    )
  } else if (options.status === 'error') {
    body = (
      <div className="form-error flex flex-wrap items-center gap-3" role="alert">
        {t('shipping.error')}
        <button type="button" className="link-button" onClick={options.retry}>
          {t('page.retry')}
        </button>
      </div>
    )
  } else if (options.value.methods.length === 0) {
    body = (
      <p className="form-error" role="alert">
        {t('shipping.none')}
      </p>
    )
  } else {
    const { methods, free_over_cents: freeOver } = options.value
    body = (
      <div className="space-y-3">
        {methods.map((method) => (
          <label
            key={method.id}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-sand-200 bg-white p-4 has-[:checked]:border-ocean-700 has-[:checked]:bg-ocean-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ocean-700"
          >
            <input
              type="radio"
              name="shipping_method"
              value={method.id}
              checked={selected === method.id}
              onChange={() => onSelect(method.id)}
              className="mt-1 size-4 accent-ocean-700"
            />
            <span className="flex-1">
              <strong className="block font-semibold text-ocean-900">{method.name}</strong>
              <span className="block text-sm text-slate-600">{days(method)}</span>
            </span>
            <strong className="font-semibold text-ocean-900">
              {method.price_cents === 0 ? t('shipping.free') : formatMoney(method.price_cents, currency, lang)}
            </strong>
          </label>
        ))}
        {freeOver > 0 && (
          <p className="text-sm text-slate-600">{t('shipping.freeOver', { amount: formatMoney(freeOver, currency, lang) })}</p>
        )}
      </div>
    )
  }

  const choosing = options.status === 'ready' && options.value.methods.length > 0
  return (
    <fieldset
      className="space-y-4"
      role={choosing ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-required={choosing || undefined}
      aria-invalid={(choosing && Boolean(error)) || undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="text-xl font-semibold text-ocean-900">
        {t('shipping.heading')}
      </legend>
      {body}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
