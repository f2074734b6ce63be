import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { localToday, TRANSPORT_MODES, type TrainSearch } from '../search-model'
import { SEARCH_ICONS } from '../search-icons'
import { useSearchForm } from '../use-search-form'
import { SearchField } from './SearchField'

interface Props {
  idPrefix: string
  onSearch: (search: TrainSearch) => void
}

/** Trains and buses: from, to, date, and Train / Bus / All as one choice. */
export function TrainsForm({ idPrefix, onSearch }: Props) {
  const { t } = useTranslation('search')
  const { values, errors, update, submit } = useSearchForm('trains', onSearch)
  const id = (name: string) => `${idPrefix}-${name}`
  return (
    <form noValidate onSubmit={submit} className="search-form">
      <fieldset className="search-modes">
        <legend className="field-label">{t('fields.mode')}</legend>
        <div className="segmented">
          {TRANSPORT_MODES.map((mode) => (
            <label key={mode} className="segment">
              <input type="radio" name="mode" value={mode} checked={values.mode === mode} onChange={() => update('mode', mode)} className="sr-only" />
              <span>{t(`modes.${mode}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <SearchField id={id('from')} name="from" label={t('fields.from')} value={values.from} onChange={(v) => update('from', v)} error={errors.from} />
      <SearchField id={id('to')} name="to" label={t('fields.to')} value={values.to} onChange={(v) => update('to', v)} error={errors.to} />
      <SearchField
        id={id('date')}
        name="date"
        type="date"
        label={t('fields.date')}
        min={localToday()}
        value={values.date}
        onChange={(v) => update('date', v)}
        error={errors.date}
      />
      <button type="submit" className="btn btn-primary search-submit">
        <Icon path={SEARCH_ICONS.search} size={18} />
        {t('submit.trains')}
      </button>
    </form>
  )
}
