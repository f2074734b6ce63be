import { CalendarCheck, ShieldCheck } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { localizedPath } from '../../../i18n/paths'
import { track } from '../../../lib/analytics'
import { firstLeadOf, freshDraft, helpBookingPath, tokenFor } from '../booking-store'
import { BookingDetails } from '../components/BookingDetails'
import { momentText } from '../components/moment-text'
import { isTestMode, TestModeNotice } from '../components/TestModeNotice'
import { formatMoney } from '../money'
import { useBooking } from '../use-booking'
import type { Flow } from './flow-types'
import { BookingProblem } from './BookingProblem'
import { StepSkeleton } from './StepSkeleton'

/** Step 4, Confirmation (docs/product.md#confirmation): consultation, date, time, duration, topic, the promise and the manage link. */
export function ConfirmationStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation('consultations')
  const id = flow.location.booking ?? ''
  const token = tokenFor(id)
  const { load, reload } = useBooking(id, token)
  const { go, lang } = flow
  const booking = load.status === 'ready' ? load.booking : null

  useEffect(() => {
    if (booking?.status === 'held') go({ step: 'payment', plan: booking.plan.id, booking: booking.id }, { replace: true })
    // generate_lead (docs/product.md#events), once per booking: a paid consultation is a premium lead worth its price.
    if (booking?.status === 'confirmed' && firstLeadOf(booking.id)) {
      track({ name: 'generate_lead', value: booking.amount_cents / 100, premium: true })
    }
  }, [booking, go])

  if (load.status === 'loading' || booking?.status === 'held') return <StepSkeleton />
  if (load.status === 'error') return <BookingProblem flow={flow} code={load.code} onRetry={reload} />
  const current = load.booking
  if (current.status !== 'confirmed') return <BookingProblem flow={flow} code={current.status === 'cancelled' ? 'cancelled' : 'hold_expired'} />

  const bookAnother = () => {
    flow.updateDraft(freshDraft)
    flow.setDocuments([])
    go({ step: 'plan', plan: null, booking: null })
  }
  const manage = token ? localizedPath(helpBookingPath(current.id, token), lang) : null

  return (
    <div className="space-y-6">
      <p className="flex gap-3 rounded-2xl bg-ocean-50 p-5 text-ocean-900">
        <CalendarCheck aria-hidden="true" size={24} className="shrink-0 text-ocean-700" />
        <span>{t('confirmation.lead', { name: current.name.split(' ')[0], email: current.email })}</span>
      </p>
      {isTestMode(current) && <TestModeNotice moment="booked" />}
      <BookingDetails booking={current} lang={lang} />
      <section aria-labelledby="next-heading" className="space-y-3">
        <h4 id="next-heading" className="text-xl font-semibold">
          {t('confirmation.nextHeading')}
        </h4>
        <p className="flex gap-3 leading-relaxed">
          <ShieldCheck aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-ocean-700" />
          {t('confirmation.promise')}
        </p>
        <p className="leading-relaxed">
          {t('confirmation.rule', {
            deadline: momentText(t, current.cancellation_deadline, lang, current.time_zone),
            fee: formatMoney(current.change_fee_cents, current.currency, lang),
          })}
        </p>
      </section>
      <div className="flex flex-wrap gap-3 border-t border-sand-200 pt-6">
        {manage && (
          <Link to={manage} className={buttonStyles.secondary}>
            {t('confirmation.manage')}
          </Link>
        )}
        <button type="button" className={buttonStyles.primary} onClick={bookAnother}>
          {t('confirmation.another')}
        </button>
      </div>
      {manage && <p className="text-sm text-slate-600">{t('confirmation.manageHint')}</p>}
    </div>
  )
}
