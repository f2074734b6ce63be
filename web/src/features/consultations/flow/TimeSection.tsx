import { useTranslation } from 'react-i18next'
import type { Slot } from '../../../lib/api/types'
import type { HeldBooking } from '../booking-store'
import { NextSlots } from '../components/NextSlots'
import { SlotPicker } from '../components/SlotPicker'
import { ZonedTimes } from '../components/ZonedTimes'
import { CONSULTANT_ZONE, formatTime, visitorTimeZone, zoneOffsetMinutes } from '../time'
import type { Flow } from './flow-types'

interface Props {
  flow: Flow
  plan: string
  held: HeldBooking | null
  nextSlots: Slot[]
  refreshKey: number
  error: string | undefined
  /** A time was picked in the calendar (`fromNext` false) or among the next free ones. */
  onChoose: (slot: Slot, fromNext: boolean) => void
}

/** The free times: the calendar, this tab's hold, the next free times after a 409, the choice. */
export function TimeSection({ flow, plan, held, nextSlots, refreshKey, error, onChoose }: Props) {
  const { t } = useTranslation('consultations')
  const { draft, lang } = flow
  return (
    <section aria-labelledby="time-heading" className="space-y-4">
      <h4 id="time-heading" className="text-xl font-semibold">
        {t('time.heading')}
      </h4>
      <p className="text-sm text-slate-600">{t(zoneNoteKey(), { zone: visitorTimeZone().replaceAll('_', ' ') })}</p>
      <SlotPicker
        plan={plan}
        lang={lang}
        selected={draft.slot}
        onSelect={(slot) => onChoose(slot, false)}
        pinned={held ? [held.slot] : []}
        refreshKey={refreshKey}
        error={error}
      />
      {held && draft.slot?.start === held.slot.start && held.holdExpiresAt && (
        <p className="text-sm text-ocean-800">{t('time.heldForYou', { time: formatTime(held.holdExpiresAt, lang, visitorTimeZone()) })}</p>
      )}
      <NextSlots slots={nextSlots} lang={lang} selected={draft.slot?.start ?? null} onPick={(slot) => onChoose(slot, true)} />
      {draft.slot && (
        <p className="rounded-xl bg-sand-100 px-4 py-3 text-ocean-900">
          <span className="font-semibold">{t('time.yourChoice')} </span>
          <ZonedTimes start={draft.slot.start} lang={lang} withDay />
        </p>
      )}
    </section>
  )
}

/** Whether the visitor's clock reads like the consultants' today (then one time is enough). */
function zoneNoteKey(): 'time.zoneNoteSame' | 'time.zoneNote' {
  const now = new Date()
  return zoneOffsetMinutes(now, visitorTimeZone()) === zoneOffsetMinutes(now, CONSULTANT_ZONE) ? 'time.zoneNoteSame' : 'time.zoneNote'
}
