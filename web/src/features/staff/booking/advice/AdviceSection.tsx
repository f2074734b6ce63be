import { useTranslation } from 'react-i18next'
import { useBookingWrite } from '../../api/mutations'
import { sendAdvice } from '../../api/requests'
import { ActionStatus } from '../../components/ActionStatus'
import { useStaff } from '../../context'
import { formatDateTime, formatDay } from '../../time'
import type { Advice, AdviceBody, BookingDetail } from '../../types'
import { languageName } from '../../words'
import { Panel } from '../Panel'
import { AdviceForm } from './AdviceForm'

/** The course of action as the traveller received it (markdown shown as written). */
function SentAdvice({ advice }: { advice: Advice }) {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  return (
    <div className="space-y-3">
      <p className="form-success">{t('advice.sentAt', { when: formatDateTime(advice.sent_at, lang, zone) })}</p>
      <p className="whitespace-pre-line break-words">{advice.summary}</p>
      <ol className="list-decimal space-y-2 pl-6">
        {advice.steps.map((step, index) => (
          <li key={index}>
            <p className="font-semibold text-ocean-900">
              {step.title} · {t('advice.dueOn', { date: formatDay(step.due_date, lang, 'short') })}
            </p>
            {step.detail && <p className="whitespace-pre-line break-words">{step.detail}</p>}
          </li>
        ))}
      </ol>
    </div>
  )
}

/**
 * The course of action, e-mailed once in the traveller's language after the opinion is
 * published (the case's order in decision 014); afterwards it is shown as sent. The live region
 * stays here, so "sent" is heard although the form it came from is gone.
 */
export function AdviceSection({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const send = useBookingWrite<AdviceBody>(booking.id, sendAdvice)
  let body
  if (booking.advice) body = <SentAdvice advice={booking.advice} />
  else if (booking.case_state === 'opinion_published') body = <AdviceForm send={send} />
  else body = <p className="text-slate-600">{t(booking.case_state === 'closed' ? 'advice.closed' : 'advice.afterOpinion')}</p>
  return (
    <Panel title={t('advice.title')} intro={t('advice.intro', { language: languageName(booking.language) })}>
      {body}
      <ActionStatus done={send.isSuccess ? t('advice.sent') : null} error={send.error} />
    </Panel>
  )
}
