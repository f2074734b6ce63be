import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Lang } from '../../../i18n/languages'
import { formatDay, type Day } from '../time'

interface Props {
  id: string
  lang: Lang
  windowStart: Day
  lastOfWindow: Day
  canGoBack: boolean
  canGoOn: boolean
  /** Moves the view by one two-week step (-1 earlier, 1 later). */
  onMove: (step: -1 | 1) => void
}

/** The two weeks on show (`{id}-range` names them for the day grid), with Earlier and Later. */
export function SlotWindowNav({ id, lang, windowStart, lastOfWindow, canGoBack, canGoOn, onMove }: Props) {
  const { t } = useTranslation('consultations')
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="font-semibold text-ocean-900" id={`${id}-range`}>
        {t('time.range', { from: formatDay(windowStart, lang, 'short'), to: formatDay(lastOfWindow, lang, 'short') })}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={!canGoBack}
          onClick={() => onMove(-1)}
        >
          <ChevronLeft aria-hidden="true" size={18} />
          {t('time.earlier')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={!canGoOn}
          onClick={() => onMove(1)}
        >
          {t('time.later')}
          <ChevronRight aria-hidden="true" size={18} />
        </button>
      </div>
    </div>
  )
}
