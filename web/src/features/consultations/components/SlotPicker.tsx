import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { serverNow } from '../api'
import { useSlots } from '../queries'
import { addDays, CONSULTANT_ZONE, dayOf, mondayOf, slotsByDay, type Day } from '../time'
import type { Slot } from '../../../lib/api/types'
import { DayGrid } from './DayGrid'
import { SlotWindowNav } from './SlotWindowNav'
import { TimeChoices } from './TimeChoices'

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
  /** The consultation's language, when not the page's: only consultants who speak it are free. */
  speaking?: Lang | undefined
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
export function SlotPicker({ plan, lang, selected, onSelect, pinned = [], refreshKey = 0, error, speaking }: Props) {
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

  const answer = useSlots(plan, from, to, speaking ?? lang, refreshKey)
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
  const errorId = `${id}-error`

  return (
    <div className="space-y-5">
      <SlotWindowNav
        id={id}
        lang={lang}
        windowStart={windowStart}
        lastOfWindow={lastOfWindow}
        canGoBack={canGoBack}
        canGoOn={canGoOn}
        onMove={(step) => {
          setWindowStart(addDays(windowStart, step * WINDOW_DAYS))
          setChosenDay(null)
        }}
      />

      <output className="sr-only">
        {load.status === 'loading' ? t('time.loading') : load.status === 'ready' && !dayWithSlots ? t('time.noneInRange') : ''}
      </output>

      <DayGrid
        id={id}
        lang={lang}
        days={days}
        byDay={byDay}
        ready={load.status === 'ready'}
        loading={load.status === 'loading'}
        shownDay={shownDay}
        onChoose={setChosenDay}
      />

      {load.status === 'error' ? (
        <div className="form-error flex flex-wrap items-center gap-3" role="alert">
          {t('time.loadError')}
          <button type="button" className="link-button" onClick={answer.retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <TimeChoices
          id={id}
          lang={lang}
          zone={zone}
          shownDay={shownDay}
          times={times}
          none={load.status === 'ready' && !dayWithSlots}
          selected={selected}
          onSelect={onSelect}
          errorId={error ? errorId : undefined}
        />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
