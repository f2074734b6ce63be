import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage, TextField } from '../../../components/ui/Field'
import type { ErrorCode, FieldCode } from '../errors'
import type { CardDetails } from '../../../lib/api/types'
import { cleanCard, formatCardNumber, formatExpiry, validateCard, type CardField } from '../card-validation'
import { TestModeNotice } from './TestModeNotice'
import { useErrorText } from '../error-text'

/** What the server said about a card: problems beside fields, or one message for the form. */
export interface CardOutcome {
  fields?: Partial<Record<CardField, FieldCode>>
  error?: ErrorCode
}

interface Props {
  submitLabel: string
  busyLabel: string
  /** Sends the card; resolves with the server's objections, or null once it was accepted. */
  onPay: (card: CardDetails) => Promise<CardOutcome | null>
  disabled?: boolean
  /** A sandbox deployment: the card details start with the test-mode notice, read with them. */
  testMode?: boolean
}

const EMPTY: CardDetails = { card_number: '', exp: '', cvc: '', cardholder_name: '' }

/**
 * The sandbox card form (docs/product.md#payments): card number, expiration date, security code, name on card.
 * The values live in this component only — never in storage, the address or a log.
 */
export function CardForm({ submitLabel, busyLabel, onPay, disabled = false, testMode = false }: Props) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const [card, setCard] = useState<CardDetails>(EMPTY)
  const [fieldCodes, setFieldCodes] = useState<Partial<Record<CardField, FieldCode>>>({})
  const [error, setError] = useState<ErrorCode | null>(null)
  const [busy, setBusy] = useState(false)
  const errorId = useId()
  const noticeId = useId()

  const bind = (name: CardField, format: (value: string) => string = (value) => value) => ({
    name,
    value: card[name],
    state: fieldCodes[name] ? { invalid: true, error: t(`fieldErrors.${fieldCodes[name]}`) } : undefined,
    onChange: (event: { target: { value: string } }) => setCard((current) => ({ ...current, [name]: format(event.target.value) })),
  })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || disabled) return
    const form = event.currentTarget
    const found = validateCard(card)
    setFieldCodes(found as Partial<Record<CardField, FieldCode>>)
    setError(null)
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      const outcome = await onPay(cleanCard(card))
      if (!outcome) return
      setFieldCodes(outcome.fields ?? {})
      setError(outcome.error ?? null)
      if (outcome.fields && Object.keys(outcome.fields).length > 0) {
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-describedby={error ? errorId : undefined} className="space-y-4">
      <fieldset className="space-y-4" aria-describedby={testMode ? noticeId : undefined}>
        <legend className="text-lg font-semibold text-ocean-900">{t('card.legend')}</legend>
        {testMode && <TestModeNotice moment="pay" id={noticeId} />}
        <TextField
          label={t('card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          placeholder="1234 1234 1234 1234"
          {...bind('card_number', formatCardNumber)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('card.exp')}
            hint={t('card.expHint')}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={5}
            placeholder={t('card.expPlaceholder')}
            {...bind('exp', formatExpiry)}
          />
          <TextField
            label={t('card.cvc')}
            hint={t('card.cvcHint')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...bind('cvc', (value) => value.replace(/\D/g, ''))}
          />
        </div>
        <TextField label={t('card.name')} autoComplete="cc-name" maxLength={100} {...bind('cardholder_name')} />
      </fieldset>
      <FormMessage id={errorId} tone="error">
        {error ? errorText(error) : null}
      </FormMessage>
      <button type="submit" disabled={busy || disabled} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  )
}
