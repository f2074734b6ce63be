import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { SelectField, TextField } from '../../../components/ui/Field'
import { ORDER_KINDS, ORDER_STATUSES, type OrderFilters } from '../business/types'
import { NO_FILTERS } from './order-filters'

interface Props {
  filters: OrderFilters
  onApply: (filters: OrderFilters) => void
}

/**
 * The orders' filters, applied together by the form's button (not on every keystroke, so a search
 * typed letter by letter asks the server once). Applying goes back to the first page.
 */
export function OrderFiltersForm({ filters, onApply }: Props) {
  const { t } = useTranslation('staff')
  const [draft, setDraft] = useState(filters)
  const set = <K extends keyof OrderFilters>(name: K, value: OrderFilters[K]) => setDraft((old) => ({ ...old, [name]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply({ ...draft, page: 1 })
  }
  return (
    <form noValidate aria-label={t('orders.filters')} onSubmit={submit} className="card grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <TextField label={t('orders.search')} hint={t('orders.searchHint')} type="search" value={draft.q} onChange={(e) => set('q', e.target.value)} />
      <SelectField label={t('orders.status')} value={draft.status} onChange={(e) => set('status', e.target.value as OrderFilters['status'])}>
        <option value="">{t('orders.any')}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`orderStatus.${status}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('orders.kind')} value={draft.kind} onChange={(e) => set('kind', e.target.value as OrderFilters['kind'])}>
        <option value="">{t('orders.any')}</option>
        {ORDER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`orderKind.${kind}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('orders.from')} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
      <TextField label={t('orders.to')} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
      <div className="flex flex-wrap items-end gap-3">
        <button type="submit" className={buttonStyles.primary}>
          {t('orders.apply')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            setDraft(NO_FILTERS)
            onApply(NO_FILTERS)
          }}
        >
          {t('orders.clear')}
        </button>
      </div>
    </form>
  )
}
