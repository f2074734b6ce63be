import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { PageIntro } from '../../components/ui/PageIntro'
import type { Lang } from '../../i18n/languages'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { isBookingId, PAGE_PATHS } from '../../lib/site-map'
import { cancelBooking, nextSlotsOf, rescheduleBooking, serverNow, type Credentials } from './api'
import { rememberToken, tokenFor } from './booking-store'
import { BookingDetails } from './components/BookingDetails'
import { CardForm, type CardOutcome } from './components/CardForm'
import { momentText } from './components/moment-text'
import { SlotPicker } from './components/SlotPicker'
import { isTestMode, TestModeNotice } from './components/TestModeNotice'
import { ZonedTimes } from './components/ZonedTimes'
import { asApiError, errorCode, isDecline, splitFieldErrors, type ErrorCode } from './errors'
import { formatMoney } from './money'
import type { Booking, CardDetails, Slot } from '../../lib/api/types'
import { useBooking } from './use-booking'
import NotFoundPage from '../not-found/NotFoundPage'
import { StepSkeleton } from './flow/StepSkeleton'

/**
 * /help/booking/{id}?token=… — the private page the confirmation links to (noindex): the
 * booking, and cancel or reschedule under the 24 h rule. /help/booking alone says where
 * that link is.
 */
export default function ManageBookingPage() {
  const { id } = useParams()
  const lang = useLang()
  useDocumentMeta({ page: 'helpBooking' }, lang)
  if (id === undefined) return <FindYourBooking />
  if (!isBookingId(id)) return <NotFoundPage />
  return <ManageBooking key={id} id={id.toLowerCase()} lang={lang} />
}

function FindYourBooking() {
  const { t } = useTranslation('consultations')
  return (
    <article className="pb-16">
      <PageIntro title={t('manage.findTitle')} intro={t('manage.findText')}>
        <div className="mt-6 flex flex-wrap gap-3">
          <LocalizedLink to={PAGE_PATHS.account} className={buttonStyles.secondary}>
            {t('manage.toAccount')}
          </LocalizedLink>
          <LocalizedLink to={PAGE_PATHS.help} className={buttonStyles.primary}>
            {t('manage.bookNew')}
          </LocalizedLink>
        </div>
      </PageIntro>
    </article>
  )
}

type Panel = 'none' | 'cancel' | 'reschedule'

function ManageBooking({ id, lang }: { id: string; lang: Lang }) {
  const { t } = useTranslation('consultations')
  const [params] = useSearchParams()
  const linkToken = params.get('token')
  // The link's token is kept for this tab, so the page still works after the address changes.
  const token = linkToken || tokenFor(id)
  useEffect(() => {
    if (linkToken) rememberToken(id, linkToken)
  }, [id, linkToken])
  const { load, reload, replace, credentials } = useBooking(id, token)
  const [panel, setPanel] = useState<Panel>('none')
  const [news, setNews] = useState('')
  const newsRef = useRef<HTMLOutputElement>(null)

  const changed = useCallback(
    (booking: Booking, message: string) => {
      replace(booking)
      setPanel('none')
      setNews(message)
      requestAnimationFrame(() => newsRef.current?.focus())
    },
    [replace],
  )

  let body
  if (load.status === 'loading') body = <StepSkeleton />
  else if (load.status === 'error') body = <LoadProblem code={load.code} onRetry={reload} />
  else {
    const booking = load.booking
    const upcoming = booking.status === 'confirmed' && Date.parse(booking.start) > serverNow()
    body = (
      <div className="space-y-6">
        <output ref={newsRef} tabIndex={-1} className={news ? 'form-success block focus:outline-none' : 'sr-only'}>
          {news}
        </output>
        <StatusNote booking={booking} lang={lang} upcoming={upcoming} />
        {isTestMode(booking) && <TestModeNotice moment="booked" />}
        <BookingDetails booking={booking} lang={lang} showStatus />
        {/* Loaded means allowed: with the link's token, or as the signed-in owner. */}
        {upcoming && (
          <>
            <p className="leading-relaxed">
              {t('manage.rule', {
                deadline: momentText(t, booking.cancellation_deadline, lang, booking.time_zone),
                fee: formatMoney(booking.change_fee_cents, booking.currency, lang),
              })}
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className={buttonStyles.secondary}
                aria-expanded={panel === 'reschedule'}
                aria-controls="reschedule-panel"
                onClick={() => setPanel(panel === 'reschedule' ? 'none' : 'reschedule')}
              >
                {t('manage.reschedule.button')}
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                aria-expanded={panel === 'cancel'}
                aria-controls="cancel-panel"
                onClick={() => setPanel(panel === 'cancel' ? 'none' : 'cancel')}
              >
                {t('manage.cancel.button')}
              </button>
            </div>
            {panel === 'cancel' && (
              <CancelPanel booking={booking} lang={lang} credentials={credentials} onDone={changed} onClose={() => setPanel('none')} />
            )}
            {panel === 'reschedule' && (
              <ReschedulePanel booking={booking} lang={lang} credentials={credentials} onDone={changed} onClose={() => setPanel('none')} />
            )}
          </>
        )}
      </div>
    )
  }

  return (
    <article className="pb-16">
      <PageIntro title={t('manage.title')} intro={t('manage.intro')} />
      <div className="mx-auto max-w-3xl px-4">{body}</div>
    </article>
  )
}

function LoadProblem({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation('consultations')
  const message = code === 'missing_token' ? t('manage.needLinkToView') : t(`errors.${errorCode(code)}`)
  return (
    <div className="space-y-4">
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        {(code === 'network' || code === 'unexpected' || code === 'rate_limited') && (
          <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <LocalizedLink to={PAGE_PATHS.help} className={buttonStyles.primary}>
          {t('manage.bookNew')}
        </LocalizedLink>
      </div>
    </div>
  )
}

/** What the booking's state means for the visitor, with the way on where there is one. */
function StatusNote({ booking, lang, upcoming }: { booking: Booking; lang: Lang; upcoming: boolean }) {
  const { t } = useTranslation('consultations')
  if (booking.status === 'held') {
    const payment = `${PAGE_PATHS.help}?step=payment&plan=${encodeURIComponent(booking.plan.id)}&booking=${booking.id}`
    return (
      <div className="flex flex-wrap items-center gap-4 rounded-2xl bg-sand-100 p-4">
        <p className="grow text-ocean-900">{t('manage.heldText')}</p>
        <LocalizedLink to={payment} className={buttonStyles.primary}>
          {t('manage.continuePayment')}
        </LocalizedLink>
      </div>
    )
  }
  if (booking.status === 'cancelled') {
    return (
      <p className="rounded-2xl bg-sand-100 p-4 text-ocean-900">
        {booking.refund_cents
          ? t('manage.cancelledRefund', { amount: formatMoney(booking.refund_cents, booking.currency, lang) })
          : t('manage.cancelledText')}
      </p>
    )
  }
  if (booking.status === 'expired') return <p className="rounded-2xl bg-sand-100 p-4 text-ocean-900">{t('manage.expiredText')}</p>
  if (!upcoming) return <p className="rounded-2xl bg-sand-100 p-4 text-ocean-900">{t('manage.pastText')}</p>
  return null
}

interface PanelProps {
  booking: Booking
  lang: Lang
  credentials: Credentials
  onDone: (booking: Booking, message: string) => void
  onClose: () => void
}

function CancelPanel({ booking, lang, credentials, onDone, onClose }: PanelProps) {
  const { t } = useTranslation('consultations')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorCode | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const free = serverNow() < Date.parse(booking.cancellation_deadline)
  const money = (cents: number) => formatMoney(cents, booking.currency, lang)
  const refund = free ? booking.amount_cents : Math.max(0, booking.amount_cents - booking.change_fee_cents)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      const cancelled = await cancelBooking(booking.id, credentials)
      const back = cancelled.refund_cents ?? refund
      onDone(cancelled, back > 0 ? t('manage.cancel.done', { amount: money(back) }) : t('manage.cancel.doneNoRefund'))
    } catch (thrown) {
      setError(errorCode(asApiError(thrown).code))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section id="cancel-panel" aria-labelledby="cancel-heading" className="space-y-4 rounded-2xl border border-coral-100 bg-coral-50 p-5">
      <h2 id="cancel-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('manage.cancel.question')}
      </h2>
      <p className="leading-relaxed text-ocean-900">
        {free
          ? t('manage.cancel.free', { amount: money(refund) })
          : t('manage.cancel.fee', { fee: money(booking.change_fee_cents), amount: money(refund) })}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => void confirm()}>
          {busy ? t('manage.cancel.cancelling') : t('manage.cancel.confirm')}
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onClose}>
          {t('manage.cancel.keep')}
        </button>
      </div>
    </section>
  )
}

const CARD_FIELDS = ['card_number', 'exp', 'cvc', 'cardholder_name'] as const

function ReschedulePanel({ booking, lang, credentials, onDone, onClose }: PanelProps) {
  const { t } = useTranslation('consultations')
  const [slot, setSlot] = useState<Slot | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorCode | null>(null)
  const [nextSlots, setNextSlots] = useState<Slot[]>([])
  const [refreshKey, setRefreshKey] = useState(0)
  const [feeRequired, setFeeRequired] = useState(() => serverNow() >= Date.parse(booking.cancellation_deadline))
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const fee = formatMoney(booking.change_fee_cents, booking.currency, lang)

  /** Sends the move; answers what the card form should show, or null when done or handled here. */
  const move = async (card?: CardDetails): Promise<CardOutcome | null> => {
    if (!slot) return null
    setBusy(true)
    setError(null)
    try {
      const moved = await rescheduleBooking(booking.id, credentials, slot.start, card)
      onDone(moved, t('manage.reschedule.done', { when: momentText(t, moved.start, lang, moved.time_zone) }))
      return null
    } catch (thrown) {
      const problem = asApiError(thrown)
      if (problem.code === 'change_fee_required') {
        setFeeRequired(true)
        setError('change_fee_required')
        return null
      }
      if (isDecline(problem.code)) return { error: problem.code as ErrorCode }
      if (problem.code === 'slot_taken') {
        setNextSlots(nextSlotsOf(problem))
        setSlot(null)
        setRefreshKey((n) => n + 1)
        setError('slot_taken')
        return null
      }
      if (problem.code === 'validation_failed') {
        const { fields, form } = splitFieldErrors(problem, CARD_FIELDS)
        if (Object.keys(fields).length > 0) return form ? { fields, error: form } : { fields }
        setError(form ?? 'validation_failed')
        setRefreshKey((n) => n + 1)
        return null
      }
      setError(errorCode(problem.code))
      return null
    } finally {
      setBusy(false)
    }
  }

  return (
    <section id="reschedule-panel" aria-labelledby="reschedule-heading" className="space-y-5 rounded-2xl border border-sand-200 bg-white p-5">
      <h2 id="reschedule-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('manage.reschedule.heading')}
      </h2>
      <p className="leading-relaxed text-ocean-900">
        {feeRequired ? t('manage.reschedule.feeNote', { fee }) : t('manage.reschedule.free')}
      </p>
      <SlotPicker
        plan={booking.plan.id}
        lang={lang}
        selected={slot}
        onSelect={(chosen) => {
          setSlot(chosen)
          setError(null)
        }}
        refreshKey={refreshKey}
      />
      {nextSlots.length > 0 && (
        <div className="rounded-2xl border border-coral-100 bg-coral-50 p-4">
          <p className="font-semibold text-coral-700">{t('time.nextFree')}</p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {nextSlots.map((next) => (
              <li key={next.start}>
                <button
                  type="button"
                  className="w-full rounded-xl border border-sand-200 bg-white px-3 py-2 text-left text-ocean-900 hover:bg-ocean-50"
                  onClick={() => {
                    setSlot(next)
                    setNextSlots([])
                    setError(null)
                  }}
                >
                  <ZonedTimes start={next.start} lang={lang} withDay />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {slot && (
        <p className="rounded-xl bg-sand-100 px-4 py-3 text-ocean-900">
          <span className="font-semibold">{t('manage.reschedule.newTime')} </span>
          <ZonedTimes start={slot.start} lang={lang} withDay />
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error === 'slot_taken' && nextSlots.length > 0 ? t('time.takenWithNext') : t(`errors.${error}`)}
        </p>
      )}
      {slot && feeRequired ? (
        <CardForm
          submitLabel={t('manage.reschedule.payAndMove', { fee })}
          busyLabel={t('manage.reschedule.moving')}
          onPay={(card) => move(card)}
          testMode={isTestMode(booking)}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonStyles.primary} disabled={!slot || busy} onClick={() => void move()}>
            {busy ? t('manage.reschedule.moving') : t('manage.reschedule.confirm')}
          </button>
          <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onClose}>
            {t('manage.reschedule.keep')}
          </button>
        </div>
      )}
    </section>
  )
}
