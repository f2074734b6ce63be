import { useTranslation } from 'react-i18next'
import type { Lang } from '../../i18n/languages'
import { useLang } from '../../i18n/use-lang'
import { airportShortLabel, isAirportQuery, searchAirports, type Airport } from '../../lib/airports'
import { countryName } from '../../lib/countries'
import { Combobox } from './Combobox'

/** An airport field's state: what is typed, and the airport picked (null until one is). */
export interface AirportChoice {
  text: string
  airport: Airport | null
}

export const NO_AIRPORT: AirportChoice = { text: '', airport: null }

interface Props {
  id: string
  name?: string | undefined
  label: string
  value: AirportChoice
  onChange: (value: AirportChoice) => void
  error?: string | undefined
  hint?: string | undefined
  required?: boolean | undefined
  describedBy?: string | undefined
}


/** "Madrid (MAD) — Adolfo Suárez Madrid–Barajas Airport, Spain": an option's full line. */
export function airportOptionLabel(airport: Airport, lang: Lang): string {
  return `${airportShortLabel(airport)} — ${airport.name}, ${countryName(airport.country, lang)}`
}

/**
 * An airport field over GET /api/v1/airports (cities in the page's language), shared by the
 * home page's flight search and the passenger-rights checker: see Combobox for the keyboard
 * and screen-reader behaviour.
 */
export function AirportCombobox({ id, name, label, value, onChange, error, hint, required, describedBy }: Props) {
  const { t } = useTranslation('common')
  const lang = useLang()
  return (
    <Combobox<Airport>
      id={id}
      name={name}
      label={label}
      text={value.text}
      onChange={(text, airport) => onChange({ text, airport })}
      search={(query, signal) => searchAirports(query, lang, signal)}
      searchable={isAirportQuery}
      optionKey={(airport) => airport.iata}
      optionText={airportShortLabel}
      renderOption={(airport) => (
        <>
          <span className="font-semibold text-ocean-900">{airportShortLabel(airport)}</span>
          <span className="text-slate-600">
            {' — '}
            {airport.name}, {countryName(airport.country, lang)}
          </span>
        </>
      )}
      listLabel={t('airportSearch.list')}
      messages={{
        found: (count) => t('airportSearch.found', { count }),
        none: t('airportSearch.none'),
        failed: t('airportSearch.failed'),
      }}
      error={error}
      hint={hint}
      required={required}
      describedBy={describedBy}
    />
  )
}
