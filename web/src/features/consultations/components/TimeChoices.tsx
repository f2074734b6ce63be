import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import type { Slot } from '../../../lib/api/types'
import { formatDay, type Day } from '../time'
import { ZonedTimes } from './ZonedTimes'

interface Props {
  id: string
  lang: Lang
  zone: string
  shownDay: Day | null
  times: Slot[]
  /** The range has no free time at all. */
  none: boolean
  selected: Slot | null
  onSelect: (slot: Slot) => void
  /** The id of the time's field error, when there is one. */
  errorId: string | undefined
}

/** The free times of the day on show, as one radio group. */
export function TimeChoices({ id, lang, zone, shownDay, times, none, selected, onSelect, errorId }: Props) {
  const { t } = useTranslation('consultations')
  return (
    <fieldset aria-describedby={errorId} className="min-h-28">
      <legend className="field-label mb-2">{shownDay ? t('time.timesOn', { day: formatDay(shownDay, lang) }) : t('time.times')}</legend>
      {none && <p className="text-slate-600">{t('time.noneInRange')}</p>}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {times.map((slot) => (
          <label
            key={slot.start}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 bg-white px-3 py-2 text-ocean-900 has-checked:border-ocean-800 has-checked:bg-ocean-50 has-checked:ring-2 has-checked:ring-ocean-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-coral-600"
          >
            <input
              type="radio"
              name={`${id}-time`}
              value={slot.start}
              checked={selected?.start === slot.start}
              onChange={() => onSelect(slot)}
              className="size-4 accent-ocean-800"
            />
            <span>
              <ZonedTimes start={slot.start} zone={zone} lang={lang} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
