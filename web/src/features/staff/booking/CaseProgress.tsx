import { useTranslation } from 'react-i18next'
import { DueNote } from '../components/DueNote'
import type { BookingDetail, CaseState } from '../types'
import { Panel } from './Panel'

const STATES: CaseState[] = ['scheduled', 'held', 'opinion_drafted', 'opinion_published', 'advice_sent', 'closed']

/** The case's way from the consultation to its close, the current step marked in words too. */
export function CaseProgress({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const current = STATES.indexOf(booking.case_state)
  return (
    <Panel title={t('case.title')}>
      <p>
        <DueNote booking={booking} />
      </p>
      <ol className="space-y-2">
        {STATES.map((state, index) => {
          const done = index < current
          const now = index === current
          return (
            <li key={state} aria-current={now ? 'step' : undefined} className={`flex items-center gap-3 ${now ? 'font-semibold text-ocean-900' : 'text-slate-600'}`}>
              <span
                aria-hidden="true"
                className={`grid size-7 place-items-center rounded-full text-sm ${done ? 'bg-ocean-700 text-white' : now ? 'bg-coral-600 text-white' : 'bg-sand-200 text-ocean-900'}`}
              >
                {done ? '✓' : index + 1}
              </span>
              <span>{t(`caseState.${state}`)}</span>
              <span className="sr-only">{done ? t('case.done') : now ? t('case.current') : t('case.todo')}</span>
            </li>
          )
        })}
      </ol>
    </Panel>
  )
}
