import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AirportCombobox, NO_AIRPORT, type AirportChoice } from '../../../components/ui/AirportCombobox'
import { Icon } from '../../../components/ui/Icon'
import { flightPlace, localToday, PASSENGERS, type FlightSearch } from '../search-model'
import { SEARCH_ICONS } from '../search-icons'
import { useSearchForm } from '../use-search-form'
import { CountField, SearchField } from './SearchField'

interface Props {
  idPrefix: string
  onSearch: (search: FlightSearch) => void
}

/**
 * Flights: from, to (airport fields: the partner gets IATA codes), departure (required), return
 * (optional), passengers 1–6.
 */
export function FlightsForm({ idPrefix, onSearch }: Props) {
  const { t } = useTranslation('search')
  const { values, errors, update, submit } = useSearchForm('flights', onSearch)
  const [places, setPlaces] = useState<{ from: AirportChoice; to: AirportChoice }>({ from: NO_AIRPORT, to: NO_AIRPORT })
  const id = (name: string) => `${idPrefix}-${name}`
  const today = localToday()
  const place = (name: 'from' | 'to') => (choice: AirportChoice) => {
    setPlaces((previous) => ({ ...previous, [name]: choice }))
    update(name, flightPlace(choice.text, choice.airport))
  }
  return (
    <form noValidate onSubmit={submit} className="search-form">
      <AirportCombobox
        id={id('from')}
        name="from"
        label={t('fields.from')}
        value={places.from}
        onChange={place('from')}
        error={errors.from && t(`errors.${errors.from}`)}
        required
      />
      <AirportCombobox
        id={id('to')}
        name="to"
        label={t('fields.to')}
        value={places.to}
        onChange={place('to')}
        error={errors.to && t(`errors.${errors.to}`)}
        required
      />
      <SearchField
        id={id('depart')}
        name="depart"
        type="date"
        label={t('fields.depart')}
        min={today}
        value={values.depart}
        onChange={(v) => update('depart', v)}
        error={errors.depart}
        required
      />
      <SearchField
        id={id('return')}
        name="return"
        type="date"
        label={t('fields.return')}
        min={values.depart || today}
        value={values.return}
        onChange={(v) => update('return', v)}
        error={errors.return}
      />
      <CountField id={id('passengers')} name="passengers" label={t('fields.passengers')} value={values.passengers} onChange={(v) => update('passengers', v)} range={PASSENGERS} />
      <button type="submit" className="btn btn-primary search-submit">
        <Icon path={SEARCH_ICONS.search} size={18} />
        {t('submit.flights')}
      </button>
    </form>
  )
}
