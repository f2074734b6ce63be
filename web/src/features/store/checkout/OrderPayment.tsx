import { Lock } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Lang } from '../../../i18n/languages'
import { isApiError } from '../../../lib/api-client'
import type { CardDetails } from '../../../lib/api/types'
import { CardForm, type CardOutcome } from '../../consultations/components/CardForm'
import { StripePayment } from '../../consultations/flow/StripePayment'
import { fetchOrder, type OrderCredentials } from './api'
import { serverNow } from './clock'
import { CheckoutSkeleton } from './components/CheckoutSkeleton'
import { OrderSummary } from './components/OrderSummary'
import { ReservationCountdown } from './components/ReservationCountdown'
import { useCheckoutErrorText } from './error-text'
import { formatMoney } from './format'
import type { PendingOrder } from './order-store'
import { isPaid } from './order-status'
import { paymentProblem } from './payment-problem'
import { useOrderQuery, usePayOrder } from './queries'
import type { Order } from '../types'

interface Props {
  pending: PendingOrder
  authToken: string | null
  lang: Lang
  announce: (message: string) => void
  onPaid: (order: Order) => void
  /** The reservation ended (or the order cannot be read): back to the cart's checkout. */
  onAbandon: () => void
}

/**
 * The payment of a placed order, while its stock is reserved (`reserved_until`, counted down by
 * the server's clock): the consultations' card form for the sandbox provider (which says it is
 * test mode), Stripe's Payment Element for Stripe. A decline leaves the reservation: another
 * card can be tried. Paid, the order page takes over.
 */
export default function OrderPayment({ pending, authToken, lang, announce, onPaid, onAbandon }: Props) {
  const { t } = useTranslation('checkout')
  const errorText = useCheckoutErrorText()
  const credentials: OrderCredentials = useMemo(() => ({ orderToken: pending.token, authToken }), [pending.token, authToken])
  const query = useOrderQuery(pending.id, credentials, Boolean(pending.token || authToken))
  const pay = usePayOrder()
  const [ended, setEnded] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const order = query.data

  // Paid: once, whichever says it first (the card's answer, the order read again, Stripe's polling).
  const finished = useRef(false)
  const finish = useCallback(
    (paid: Order) => {
      if (finished.current) return
      finished.current = true
      onPaid(paid)
    },
    [onPaid],
  )
  useEffect(() => {
    if (order && isPaid(order)) finish(order)
  }, [order, finish])

  // The step's heading takes the focus once, when the payment appears.
  const focused = useRef(false)
  useEffect(() => {
    if (!order || focused.current) return
    focused.current = true
    headingRef.current?.focus()
  }, [order])

  const onExpire = useCallback(() => {
    setEnded(true)
    announce(t('payment.expired'))
  }, [announce, t])

  const readConfirmed = useCallback(
    (signal: AbortSignal) => fetchOrder(pending.id, credentials, signal).then((latest) => (isPaid(latest) ? latest : null)),
    [pending.id, credentials],
  )

  const payWithCard = async (card: CardDetails): Promise<CardOutcome | null> => {
    try {
      const answer = await pay.mutateAsync({ id: pending.id, card, credentials })
      if (isPaid(answer)) finish(answer)
      else void query.refetch()
      return null
    } catch (thrown) {
      const problem = paymentProblem(thrown)
      if ('card' in problem) return problem.card
      if ('expired' in problem) onExpire()
      else void query.refetch()
      return null
    }
  }

  if (!pending.token && !authToken) return <Problem message={errorText('missing_token')} onAbandon={onAbandon} />
  if (query.isPending) return <CheckoutSkeleton />
  if (query.isError || !order) {
    // Refused (404 `order_not_found`, a session that ended…): its words; no answer: try again later.
    const error = isApiError(query.error) ? query.error : null
    const refused = error !== null && error.status >= 400 && error.status < 500
    return <Problem message={refused ? errorText(error) : t('payment.loadError')} onAbandon={onAbandon} />
  }
  if (isPaid(order)) {
    return (
      <output className="form-success block">
        {t('payment.paid')}
      </output>
    )
  }
  const expired =
    ended ||
    order.status !== 'pending_payment' ||
    (order.reserved_until !== null && Date.parse(order.reserved_until) <= serverNow())

  const amount = formatMoney(order.totals.total_cents, order.totals.currency, lang)
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="payment-heading" className="card space-y-6">
        <div>
          <h2 id="payment-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ocean-900 focus:outline-none">
            {t('payment.heading')}
          </h2>
          <p className="mt-2 text-slate-600">{t('payment.intro', { number: order.number })}</p>
        </div>
        {expired ? (
          <div className="space-y-4">
            <p className="form-error" role="alert">
              {t('payment.expired')}
            </p>
            <button type="button" className={buttonStyles.primary} onClick={onAbandon}>
              {t('payment.startAgain')}
            </button>
          </div>
        ) : order.payment?.provider === 'stripe' ? (
          <StripePayment
            payment={order.payment}
            lang={lang}
            submitLabel={t('payment.pay', { amount })}
            readConfirmed={readConfirmed}
            onConfirmed={finish}
          />
        ) : (
          <CardForm submitLabel={t('payment.pay', { amount })} busyLabel={t('payment.paying')} onPay={payWithCard} testMode={order.payment?.provider === 'sandbox'} />
        )}
        <p className="flex gap-2 text-sm text-slate-600">
          <Lock aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          {t('payment.secure')}
        </p>
      </section>
      <aside aria-labelledby="payment-summary" className="card space-y-6 lg:sticky lg:top-24">
        {!expired && order.reserved_until && (
          <ReservationCountdown reservedUntil={order.reserved_until} onExpire={onExpire} announce={announce} />
        )}
        <OrderSummary
          headingId="payment-summary"
          heading={t('payment.summary')}
          lines={order.lines}
          totals={{ status: 'ready', value: order.totals, updating: false }}
          shipping={order.shipping_method || order.totals.shipping_cents > 0 ? 'shown' : 'hidden'}
          currency={order.totals.currency}
          lang={lang}
        />
      </aside>
    </div>
  )
}

function Problem({ message, onAbandon }: { message: string; onAbandon: () => void }) {
  const { t } = useTranslation('checkout')
  return (
    <div className="card space-y-4">
      <p className="form-error" role="alert">
        {message}
      </p>
      <button type="button" className={buttonStyles.primary} onClick={onAbandon}>
        {t('payment.startAgain')}
      </button>
    </div>
  )
}
