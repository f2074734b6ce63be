import { useMemo, type SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { countryOptions } from '../../../lib/countries'
import type { FieldState } from '../../../components/ui/Field'
import { SelectField } from '../../../components/ui/Field'

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  state?: FieldState | undefined
}

/** The 64 countries in the page's language; the value sent is the English name (docs/product.md#sign-up). */
export function CountrySelect({ state, ...select }: Props) {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const options = useMemo(() => countryOptions(lang), [lang])
  return (
    <SelectField label={t('fields.country')} state={state} autoComplete="country-name" {...select}>
      <option value="">{t('fields.countryPlaceholder')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  )
}
