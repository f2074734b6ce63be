import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { localToday, PASSENGERS, type FlightSearch } from '../search-model'
import { SEARCH_ICONS } from '../search-icons'
import { useSearchForm } from '../use-search-form'
import { CountField, SearchField } from './SearchField'

interface Props {
  idPrefix: string
  onSearch: (search: FlightSearch) => void
}

/** Flights: from, to, departure (required), return (optional), passengers 1–6. */
export function FlightsForm({ idPrefix, onSearch }: Props) {
  const { t } = useTranslation('search')
  const { values, errors, update, submit } = useSearchForm('flights', onSearch)
  const id = (name: string) => `${idPrefix}-${name}`
  const today = localToday()
  return (
    <form noValidate onSubmit={submit} className="search-form">
      <SearchField id={id('from')} name="from" label={t('fields.from')} value={values.from} onChange={(v) => update('from', v)} error={errors.from} required />
      <SearchField id={id('to')} name="to" label={t('fields.to')} value={values.to} onChange={(v) => update('to', v)} error={errors.to} required />
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
