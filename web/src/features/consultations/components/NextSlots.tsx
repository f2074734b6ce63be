import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import type { Slot } from '../../../lib/api/types'
import { ZonedTimes } from './ZonedTimes'

interface Props {
  slots: Slot[]
  lang: Lang
  onPick: (slot: Slot) => void
  /** The start of the chosen time, for `aria-pressed`; undefined leaves the buttons plain. */
  selected?: string | null | undefined
}

/** The free times a 409 `slot_taken` offered instead, each one click away. */
export function NextSlots({ slots, lang, onPick, selected }: Props) {
  const { t } = useTranslation('consultations')
  if (slots.length === 0) return null
  return (
    <div className="rounded-2xl border border-coral-100 bg-coral-50 p-4">
      <p className="font-semibold text-coral-700">{t('time.nextFree')}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {slots.map((slot) => (
          <li key={slot.start}>
            <button
              type="button"
              className="w-full rounded-xl border border-sand-200 bg-white px-3 py-2 text-left text-ocean-900 hover:bg-ocean-50"
              aria-pressed={selected === undefined ? undefined : selected === slot.start}
              onClick={() => onPick(slot)}
            >
              <ZonedTimes start={slot.start} lang={lang} withDay />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
