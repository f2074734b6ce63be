import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField, type FieldState } from '../../../../components/ui/Field'
import type { Lang } from '../../../../i18n/languages'
import { countryOptions } from '../../../../lib/countries'
import {
  hasPostalCode,
  MAX_LENGTH,
  postalCodeExample,
  postalCodeRequired,
  regionLabel,
  regionRequired,
  type AddressField,
  type AddressValues,
} from '../address'

interface Props {
  values: AddressValues
  onChange: (field: AddressField, value: string) => void
  /** The field's problem in words, if it has one. */
  errorOf: (field: AddressField) => string | undefined
  lang: Lang
}

/**
 * The shipping address (docs/product.md#store-checkout-and-orders): the country first, because
 * it decides whether a state or province is asked for and what a postal code looks like; a
 * country without postal codes has no such field. The value sent for the country is its ISO code.
 */
export function AddressFields({ values, onChange, errorOf, lang }: Props) {
  const { t } = useTranslation('checkout')
  const countries = useMemo(() => countryOptions(lang), [lang])
  const country = values.country
  const example = postalCodeExample(country)
  const state = (field: AddressField): FieldState | undefined => {
    const error = errorOf(field)
    return error ? { invalid: true, error } : undefined
  }
  const bind = (field: AddressField) => ({
    name: field,
    value: values[field],
    state: state(field),
    maxLength: MAX_LENGTH[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  })

  return (
    <div className="space-y-4">
      <SelectField
        label={t('address.country')}
        autoComplete="shipping country"
        required
        name="country"
        value={country}
        state={state('country')}
        onChange={(event) => onChange('country', event.target.value)}
      >
        <option value="">{t('address.countryPlaceholder')}</option>
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField label={t('address.name')} autoComplete="shipping name" required {...bind('name')} />
      <TextField label={t('address.line1')} hint={t('address.line1Hint')} autoComplete="shipping address-line1" required {...bind('line1')} />
      <TextField label={t('address.line2')} autoComplete="shipping address-line2" {...bind('line2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('address.city')} autoComplete="shipping address-level2" required {...bind('city')} />
        <TextField
          label={t(`address.regionLabels.${regionLabel(country)}`)}
          autoComplete="shipping address-level1"
          required={regionRequired(country)}
          {...bind('region')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {hasPostalCode(country) && (
          <TextField
            label={postalCodeRequired(country) || country === '' ? t('address.postalCode') : t('address.postalCodeOptional')}
            hint={example ? t('address.postalCodeHint', { example }) : undefined}
            autoComplete="shipping postal-code"
            autoCapitalize="characters"
            required={postalCodeRequired(country)}
            {...bind('postal_code')}
          />
        )}
        <TextField label={t('address.phone')} hint={t('address.phoneHint')} type="tel" autoComplete="shipping tel" {...bind('phone')} />
      </div>
    </div>
  )
}
