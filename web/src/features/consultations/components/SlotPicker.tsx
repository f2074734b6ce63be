import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Lang } from '../../../i18n/languages'
import { serverNow } from '../api'
import { useSlots } from '../queries'
import { addDays, CONSULTANT_ZONE, dayOf, formatDay, mondayOf, slotsByDay, type Day } from '../time'
import type { Slot } from '../../../lib/api/types'
import { ZonedTimes } from './ZonedTimes'

/** Two weeks per view; bookings open up to 60 days ahead (docs/product.md#availability). */
export const WINDOW_DAYS = 14
export const HORIZON_DAYS = 60

interface Props {
  plan: string
  lang: Lang
  selected: Slot | null
  onSelect: (slot: Slot) => void
  /** Times this visitor may pick although the API no longer lists them as free (their own hold). */
  pinned?: Slot[]
  /** Changing it asks the API again (after a 409 slot_taken). */
  refreshKey?: number
  /** The field error of the time (the form's 'Please choose a day and a time.'). */
  error?: string | undefined
}

type Load = { status: 'loading' } | { status: 'ready'; slots: Slot[]; zone: string } | { status: 'error' }

/** The view that holds `day`: windows are counted from the Monday of this week. */
export function windowOf(first: Day, day: Day): Day {
  const days = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / 86_400_000)
  return addDays(first, Math.max(0, Math.floor(days / WINDOW_DAYS)) * WINDOW_DAYS)
}

/**
 * A calendar of free days and, for the chosen day, its free times (GET slots): days are the
 * consultants' calendar days (UTC-5), each time shows the visitor's local time beside it.
 * Days and times are native radio groups, so keyboard and screen readers need nothing more.
 */
export function SlotPicker({ plan, lang, selected, onSelect, pinned = [], refreshKey = 0, error }: Props) {
  const { t } = useTranslation('consultations')
  const id = useId()
  const today = dayOf(new Date(serverNow()), CONSULTANT_ZONE)
  const first = mondayOf(today)
  const lastDay = addDays(today, HORIZON_DAYS)
  const [windowStart, setWindowStart] = useState<Day>(() => (selected ? windowOf(first, dayOf(selected.start, CONSULTANT_ZONE)) : first))
  const [chosenDay, setChosenDay] = useState<Day | null>(() => (selected ? dayOf(selected.start, CONSULTANT_ZONE) : null))

  // A time chosen elsewhere (the next free times after a 409) brings its two weeks into view.
  const [followed, setFollowed] = useState(selected?.start)
  if (selected?.start !== followed) {
    setFollowed(selected?.start)
    if (selected) {
      const day = dayOf(selected.start, CONSULTANT_ZONE)
      if (day < windowStart || day > addDays(windowStart, WINDOW_DAYS - 1)) setWindowStart(windowOf(first, day))
      setChosenDay(day)
    }
  }

  const from = windowStart < today ? today : windowStart
  const lastOfWindow = addDays(windowStart, WINDOW_DAYS - 1)
  const to = lastOfWindow > lastDay ? lastDay : lastOfWindow

  const answer = useSlots(plan, from, to, refreshKey)
  const load: Load =
    answer.status === 'ready'
      ? { status: 'ready', slots: answer.value.slots, zone: answer.value.time_zone || CONSULTANT_ZONE }
      : { status: answer.status }

  const zone = load.status === 'ready' ? load.zone : CONSULTANT_ZONE
  const listed = load.status === 'ready' ? load.slots : []
  const byDay = slotsByDay([...listed, ...pinned.filter((slot) => !listed.some((known) => known.start === slot.start))], zone)

  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(windowStart, i))
  const dayWithSlots = days.find((day) => byDay.has(day)) ?? null
  const selectedDay = selected ? dayOf(selected.start, zone) : null
  // The day on show: the visitor's pick, else the chosen time's day, else the first free day.
  const shownDay = [chosenDay, selectedDay].find((day) => day && byDay.has(day) && days.includes(day)) ?? dayWithSlots
  const times = shownDay ? (byDay.get(shownDay) ?? []) : []
  const canGoBack = windowStart > first
  const canGoOn = addDays(windowStart, WINDOW_DAYS) <= lastDay
  const weekdays = days.slice(0, 7)
  const errorId = `${id}-error`

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-ocean-900" id={`${id}-range`}>
          {t('time.range', { from: formatDay(windowStart, lang, 'short'), to: formatDay(lastOfWindow, lang, 'short') })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!canGoBack}
            onClick={() => {
              setWindowStart(addDays(windowStart, -WINDOW_DAYS))
              setChosenDay(null)
            }}
          >
            <ChevronLeft aria-hidden="true" size={18} />
            {t('time.earlier')}
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!canGoOn}
            onClick={() => {
              setWindowStart(addDays(windowStart, WINDOW_DAYS))
              setChosenDay(null)
            }}
          >
            {t('time.later')}
            <ChevronRight aria-hidden="true" size={18} />
          </button>
        </div>
      </div>

      <output className="sr-only">
        {load.status === 'loading' ? t('time.loading') : load.status === 'ready' && !dayWithSlots ? t('time.noneInRange') : ''}
      </output>

      <fieldset aria-describedby={`${id}-range`} aria-busy={load.status === 'loading' || undefined}>
        <legend className="field-label mb-2">{t('time.days')}</legend>
        <div aria-hidden="true" className="grid grid-cols-7 gap-1.5 pb-1 text-center text-xs font-semibold text-slate-600 sm:gap-2">
          {weekdays.map((day) => (
            <span key={day}>{formatWeekday(day, lang)}</span>
          ))}
        </div>
        <div className="grid grid-cols-7 gap-1.5 sm:gap-2">
          {days.map((day) => {
            const free = byDay.get(day)?.length ?? 0
            const disabled = load.status !== 'ready' || free === 0
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
                  onChange={() => setChosenDay(day)}
                />
                <span aria-hidden="true">{Number(day.slice(8))}</span>
                <span className="sr-only">
                  {formatDay(day, lang)}
                  {load.status === 'ready' && `, ${free === 0 ? t('time.dayFull') : t('time.dayFree', { count: free })}`}
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>

      {load.status === 'error' ? (
        <div className="form-error flex flex-wrap items-center gap-3" role="alert">
          {t('time.loadError')}
          <button type="button" className="link-button" onClick={answer.retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <fieldset aria-describedby={error ? errorId : undefined} className="min-h-28">
          <legend className="field-label mb-2">{shownDay ? t('time.timesOn', { day: formatDay(shownDay, lang) }) : t('time.times')}</legend>
          {load.status === 'ready' && !dayWithSlots && <p className="text-slate-600">{t('time.noneInRange')}</p>}
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
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
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
