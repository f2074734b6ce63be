import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '../../../components/ui/Field'
import type { BookingDocument } from '../../../lib/api/types'
import { useConfig } from '../../../lib/config-context'
import { countryOptions } from '../../../lib/countries'
import { TextAreaField } from '../components/TextAreaField'
import type { FieldCode } from '../errors'
import type { BookingFormField, BookingFormValues } from '../validation'
import { DocumentPicker } from './DocumentPicker'
import type { Flow } from './flow-types'

interface Props {
  flow: Flow
  fieldErrors: Partial<Record<BookingFormField, FieldCode>>
  /** Shows "details from your account" (a signed-in visitor). */
  prefilled: boolean
  /** The documents the held booking already has. */
  attached: BookingDocument[]
  busy: boolean
}

/** The booking form's fields (docs/product.md#booking-form) and the travel documents. */
export function DetailsFields({ flow, fieldErrors, prefilled, attached, busy }: Props) {
  const { t } = useTranslation('consultations')
  const { draft, updateDraft, lang } = flow
  const limits = useConfig().limits.booking
  const countries = useMemo(() => countryOptions(lang), [lang])

  const bind = (name: keyof BookingFormValues) => ({
    name,
    value: draft.values[name],
    state: fieldErrors[name] ? { invalid: true, error: t(`fieldErrors.${fieldErrors[name]}`) } : undefined,
    onChange: (event: { target: { value: string } }) =>
      updateDraft((current) => ({ ...current, values: { ...current.values, [name]: event.target.value } })),
  })

  return (
    <section aria-labelledby="details-heading" className="space-y-4">
      <h4 id="details-heading" className="text-xl font-semibold">
        {t('form.heading')}
      </h4>
      {prefilled && <p className="text-sm text-slate-600">{t('form.prefilled')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.name')} autoComplete="name" maxLength={limits.nameMax} {...bind('name')} />
        <TextField label={t('form.email')} type="email" autoComplete="email" maxLength={254} {...bind('email')} />
      </div>
      <SelectField label={t('form.country')} autoComplete="country-name" {...bind('country')}>
        <option value="">{t('form.countryPlaceholder')}</option>
        {countries.map((option) => (
          <option key={option.code} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('form.message')} hint={t('form.messageHint')} maxLength={limits.messageMax} rows={6} {...bind('message')} />
      <DocumentPicker lang={lang} entries={flow.documents} onChange={flow.setDocuments} attached={attached} disabled={busy} />
    </section>
  )
}
