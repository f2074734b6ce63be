import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { localToday, ROOMS, type HotelSearch } from '../search-model'
import { SEARCH_ICONS } from '../search-icons'
import { useSearchForm } from '../use-search-form'
import { CountField, SearchField } from './SearchField'

interface Props {
  idPrefix: string
  onSearch: (search: HotelSearch) => void
}

/** Hotels: destination, check-in, check-out (all required), rooms 1–5. */
export function HotelsForm({ idPrefix, onSearch }: Props) {
  const { t } = useTranslation('search')
  const { values, errors, update, submit } = useSearchForm('hotels', onSearch)
  const id = (name: string) => `${idPrefix}-${name}`
  const today = localToday()
  return (
    <form noValidate onSubmit={submit} className="search-form">
      <SearchField
        id={id('destination')}
        name="destination"
        label={t('fields.destination')}
        value={values.destination}
        onChange={(v) => update('destination', v)}
        error={errors.destination}
        required
      />
      <SearchField
        id={id('checkin')}
        name="checkin"
        type="date"
        label={t('fields.checkin')}
        min={today}
        value={values.checkin}
        onChange={(v) => update('checkin', v)}
        error={errors.checkin}
        required
      />
      <SearchField
        id={id('checkout')}
        name="checkout"
        type="date"
        label={t('fields.checkout')}
        min={values.checkin || today}
        value={values.checkout}
        onChange={(v) => update('checkout', v)}
        error={errors.checkout}
        required
      />
      <CountField id={id('rooms')} name="rooms" label={t('fields.rooms')} value={values.rooms} onChange={(v) => update('rooms', v)} range={ROOMS} />
      <button type="submit" className="btn btn-primary search-submit">
        <Icon path={SEARCH_ICONS.search} size={18} />
        {t('submit.hotels')}
      </button>
    </form>
  )
}
