import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { countryOptions } from '../../../lib/countries'
import type { Draft } from './draft'
import { fieldId, SelectField, type StepWiring } from './fields'

/** A residence outside the 64 countries: a user-assigned ISO code, which no regime names. */
export const OTHER_COUNTRY = 'ZZ'

interface Props extends StepWiring {
  draft: Draft
  lang: Lang
  onChange: (residence: string) => void
}

/** Step 4: the country where the traveller lives (bodies, courts, the letter's language). */
export function ResidenceStep({ draft, lang, onChange, idPrefix, errors }: Props) {
  const { t } = useTranslation('rights')
  const options = [...countryOptions(lang).map((country) => ({ value: country.code, label: country.label })), { value: OTHER_COUNTRY, label: t('residence.other') }]
  return (
    <SelectField
      id={fieldId(idPrefix, 'residence')}
      label={t('residence.label')}
      hint={t('residence.hint')}
      placeholder={t('residence.choose')}
      options={options}
      value={draft.residence}
      onChange={onChange}
      error={errors.residence}
    />
  )
}
