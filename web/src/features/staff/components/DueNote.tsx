import { useTranslation } from 'react-i18next'
import { useStaff } from '../context'
import { dayIn, dueState, formatDay } from '../time'
import type { BookingSummary } from '../types'

/** A case closed or with its course of action sent has kept its promise: no deadline to watch. */
export function isDone(booking: BookingSummary): boolean {
  return booking.case_state === 'advice_sent' || booking.case_state === 'closed'
}

/**
 * A case's due date (start + 21 days) and where it stands, said in words and marked with a
 * symbol as well as a colour, so "overdue" never depends on seeing red.
 */
export function DueNote({ booking }: { booking: BookingSummary }) {
  const { t } = useTranslation('staff')
  const { zone, lang } = useStaff()
  const date = formatDay(dayIn(booking.due_at, zone), lang, 'short')
  if (isDone(booking)) return <span className="text-sm text-slate-600">{t('due.kept', { date })}</span>
  const { state, days } = dueState(booking.due_at)
  if (state === 'overdue') {
    return (
      <strong className="inline-flex items-center gap-1 rounded-full bg-coral-50 px-2 py-0.5 text-sm text-coral-700">
        <span aria-hidden="true">⚠</span>
        {t('due.overdue', { date, count: days })}
      </strong>
    )
  }
  if (state === 'due_soon') return <span className="text-sm font-semibold text-ocean-900">{t('due.soon', { date, count: days })}</span>
  return <span className="text-sm text-slate-600">{t('due.onTrack', { date })}</span>
}
