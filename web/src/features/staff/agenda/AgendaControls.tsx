import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { shiftDay, type AgendaQuery, type AgendaView, type AgendaWho } from './agenda-range'

interface Props {
  query: AgendaQuery
  today: string
  isConsultant: boolean
  onChange: (next: Partial<AgendaQuery>) => void
}

const VIEWS: AgendaView[] = ['day', 'week']

/** Day or week, previous / today / next, and whose bookings: every control a button or a select. */
export function AgendaControls({ query, today, isConsultant, onChange }: Props) {
  const { t } = useTranslation('staff')
  const whoId = useId()
  const unit = query.view
  return (
    <div className="flex flex-wrap items-end gap-4">
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t('agenda.view')}</legend>
        {VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={query.view === view}
            onClick={() => onChange({ view })}
            className={query.view === view ? 'btn bg-ocean-800 text-white' : buttonStyles.secondary}
          >
            {t(`agenda.${view}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t('agenda.move')}</legend>
        <button type="button" className={buttonStyles.secondary} onClick={() => onChange({ day: shiftDay(unit, query.day, -1) })}>
          <span aria-hidden="true">←</span> {t(`agenda.previous.${unit}`)}
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={query.day === today} onClick={() => onChange({ day: today })}>
          {t('agenda.today')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => onChange({ day: shiftDay(unit, query.day, 1) })}>
          {t(`agenda.next.${unit}`)} <span aria-hidden="true">→</span>
        </button>
      </fieldset>
      {isConsultant && (
        <div className="field">
          <label htmlFor={whoId} className="field-label">
            {t('agenda.who')}
          </label>
          <select id={whoId} className="field-input" value={query.who} onChange={(event) => onChange({ who: event.target.value as AgendaWho })}>
            <option value="mine">{t('agenda.mine')}</option>
            <option value="all">{t('agenda.everyone')}</option>
          </select>
        </div>
      )}
    </div>
  )
}
