import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import type { Slot } from '../../../lib/api/types'
import { formatDay, type Day } from '../time'

interface Props {
  id: string
  lang: Lang
  days: Day[]
  byDay: Map<Day, Slot[]>
  ready: boolean
  loading: boolean
  shownDay: Day | null
  onChoose: (day: Day) => void
}

/** The two weeks' days as one radio group: a free day can be chosen, a full one says so. */
export function DayGrid({ id, lang, days, byDay, ready, loading, shownDay, onChoose }: Props) {
  const { t } = useTranslation('consultations')
  const weekdays = days.slice(0, 7)
  return (
    <fieldset aria-describedby={`${id}-range`} aria-busy={loading || undefined}>
      <legend className="field-label mb-2">{t('time.days')}</legend>
      <div aria-hidden="true" className="grid grid-cols-7 gap-1.5 pb-1 text-center text-xs font-semibold text-slate-600 sm:gap-2">
        {weekdays.map((day) => (
          <span key={day}>{formatWeekday(day, lang)}</span>
        ))}
      </div>
      <div className="grid grid-cols-7 gap-1.5 sm:gap-2">
        {days.map((day) => {
          const free = byDay.get(day)?.length ?? 0
          const disabled = !ready || free === 0
          return (
            <label
              key={day}
              className="relative grid min-h-12 cursor-pointer place-items-center rounded-xl border border-sand-200 bg-white text-sm font-semibold text-ocean-900 has-checked:border-ocean-800 has-checked:bg-ocean-800 has-checked:text-white has-disabled:cursor-default has-disabled:bg-sand-50 has-disabled:font-normal has-disabled:text-slate-600 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-coral-600"
            >
              <input
                type="radio"
                name={`${id}-day`}
                value={day}
                className="sr-only"
                checked={day === shownDay}
                disabled={disabled}
                onChange={() => onChoose(day)}
              />
              <span aria-hidden="true">{Number(day.slice(8))}</span>
              <span className="sr-only">
                {formatDay(day, lang)}
                {ready && `, ${free === 0 ? t('time.dayFull') : t('time.dayFree', { count: free })}`}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

const weekdayFormats = new Map<Lang, Intl.DateTimeFormat>()

function formatWeekday(day: Day, lang: Lang): string {
  let format = weekdayFormats.get(lang)
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' })
    weekdayFormats.set(lang, format)
  }
  return format.format(new Date(`${day}T12:00:00Z`))
}
