import { X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { asApiError } from '../../../../lib/api-client'
import { useCheckoutErrorText } from '../error-text'
import type { AppliedDiscount } from '../../types'

interface Props {
  discount: AppliedDiscount | null
  /** The cart's currency, for a minimum subtotal in a refusal. */
  currency: string
  /** Resolve with the new cart's discount, or throw the API's refusal. */
  onApply: (code: string) => Promise<unknown>
  onRemove: () => Promise<unknown>
  announce: (message: string) => void
}

/**
 * The discount code: PUT applies it, DELETE removes it; the totals come back from the server.
 * A refused code (422 `discount_not_found`, `discount_expired`, `discount_used_up`,
 * `discount_minimum` with its `minimum_cents`) says why in the page's language.
 */
export function DiscountForm({ discount, currency, onApply, onRemove, announce }: Props) {
  const { t } = useTranslation('checkout')
  const errorText = useCheckoutErrorText()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  const errorId = useId()

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const input = event.currentTarget.querySelector('input')
    const trimmed = code.trim()
    if (trimmed === '') {
      setError(t('discount.required'))
      input?.focus()
      return
    }
    setBusy(true)
    setError(null)
    try {
      await onApply(trimmed)
      setCode('')
      announce(t('discount.applied', { code: trimmed.toUpperCase() }))
    } catch (thrown) {
      setError(errorText(asApiError(thrown), currency))
      input?.focus()
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await onRemove()
      announce(t('discount.removed'))
    } catch (thrown) {
      setError(errorText(asApiError(thrown).code))
    } finally {
      setBusy(false)
    }
  }

  if (discount) {
    return (
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-3 rounded-xl bg-ocean-50 px-3 py-2 text-sm text-ocean-900">
          <span>{t('discount.applied', { code: discount.code })}</span>
          <button type="button" className="icon-btn" onClick={remove} disabled={busy} aria-label={t('discount.remove', { code: discount.code })}>
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    )
  }

  return (
    <form noValidate onSubmit={apply} className="space-y-2">
      <label htmlFor={inputId} className="field-label">
        {t('discount.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="discount_code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field-input min-w-0 flex-1"
        />
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {busy ? t('discount.applying') : t('discount.apply')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
