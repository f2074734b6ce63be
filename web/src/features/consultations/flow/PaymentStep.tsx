import { Lock } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { fetchBooking, serverNow } from '../api'
import { tokenFor } from '../booking-store'
import { BookingDetails } from '../components/BookingDetails'
import { CardForm } from '../components/CardForm'
import { isTestMode } from '../components/TestModeNotice'
import { formatMoney } from '../money'
import type { Booking } from '../../../lib/api/types'
import { useBooking } from '../use-booking'
import { BookingProblem } from './BookingProblem'
import type { Flow } from './flow-types'
import { HoldCountdown } from './HoldCountdown'
import { StepSkeleton } from './StepSkeleton'
import { StripePayment } from './StripePayment'
import { useCardPayment } from './use-card-payment'

/** Step 3, Payment: the card form (sandbox, which says it is test mode) or Stripe's element, while the time is held. */
export function PaymentStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation('consultations')
  const id = flow.location.booking ?? ''
  const { load, reload, replace, credentials } = useBooking(id, tokenFor(id))
  const [holdEnded, setHoldEnded] = useState(false)
  const { go, updateDraft, announce, lang } = flow

  const finish = useCallback(
    (booking: Booking) => {
      replace(booking)
      updateDraft((draft) => (draft.held?.id === booking.id ? { ...draft, held: null, attempt: null } : draft))
      go({ step: 'confirmation', plan: booking.plan.id, booking: booking.id }, { replace: true })
    },
    [replace, updateDraft, go],
  )

  const booking = load.status === 'ready' ? load.booking : null
  useEffect(() => {
    if (booking?.status === 'confirmed') finish(booking)
  }, [booking, finish])

  const onExpire = useCallback(() => {
    setHoldEnded(true)
    announce(t('errors.hold_expired'))
  }, [announce, t])
  const { pay } = useCardPayment(booking?.id ?? id, credentials, { onPaid: finish, onExpired: onExpire, onReload: reload })
  // Stripe's way: the booking is asked for again until the webhook has confirmed it.
  const readConfirmed = useCallback(
    (signal: AbortSignal) => fetchBooking(id, credentials, signal).then((latest) => (latest.status === 'confirmed' ? latest : null)),
    [id, credentials],
  )

  if (load.status === 'loading') return <StepSkeleton />
  if (load.status === 'error') return <BookingProblem flow={flow} code={load.code} onRetry={reload} />
  const current = load.booking
  const ended =
    holdEnded ||
    current.status === 'expired' ||
    (current.status === 'held' && current.hold_expires_at !== null && Date.parse(current.hold_expires_at) <= serverNow())
  if (current.status === 'cancelled') return <BookingProblem flow={flow} code="cancelled" />
  if (current.status === 'confirmed') return <StepSkeleton />

  const chooseAgain = () => {
    updateDraft((draft) => ({ ...draft, held: null, attempt: null, slot: null }))
    go({ step: 'time', plan: current.plan.id, booking: null })
  }

  const amount = formatMoney(current.amount_cents, current.currency, lang)
  const navigation = (
    <div className="flex flex-wrap gap-3 border-t border-sand-200 pt-6">
      <button type="button" className={buttonStyles.secondary} onClick={() => go({ step: 'time', plan: current.plan.id, booking: null })}>
        {t('payment.back')}
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={() => go({ step: 'plan', plan: current.plan.id, booking: null })}>
        {t('time.changePlan')}
      </button>
    </div>
  )

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        {ended ? (
          <div className="space-y-4">
            <p className="form-error" role="alert">
              {t('errors.hold_expired')}
            </p>
            <button type="button" className={buttonStyles.primary} onClick={chooseAgain}>
              {t('payment.chooseAgain')}
            </button>
          </div>
        ) : current.payment.provider === 'stripe' ? (
          <StripePayment
            payment={current.payment}
            lang={lang}
            submitLabel={t('payment.pay', { amount })}
            readConfirmed={readConfirmed}
            onConfirmed={finish}
          />
        ) : (
          <CardForm submitLabel={t('payment.pay', { amount })} busyLabel={t('payment.paying')} onPay={pay} testMode={isTestMode(current)} />
        )}
        <p className="flex gap-2 text-sm text-slate-600">
          <Lock aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          {t('payment.secure')}
        </p>
        {navigation}
      </div>
      <aside aria-labelledby="payment-summary" className="space-y-4">
        <h4 id="payment-summary" className="text-xl font-semibold">
          {t('payment.summary')}
        </h4>
        <BookingDetails booking={current} lang={lang} showTopic={false} />
        {!ended && current.hold_expires_at && <HoldCountdown expiresAt={current.hold_expires_at} onExpire={onExpire} announce={announce} />}
      </aside>
    </div>
  )
}
