import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { PageIntro } from '../../components/ui/PageIntro'
import type { Lang } from '../../i18n/languages'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { isBookingId } from '../../lib/site-map'
import { serverNow } from './api'
import { rememberToken, tokenFor } from './booking-store'
import { BookingDetails } from './components/BookingDetails'
import { isTestMode, TestModeNotice } from './components/TestModeNotice'
import type { Booking } from '../../lib/api/types'
import type { ManagedBooking } from './types'
import { useBooking } from './use-booking'
import NotFoundPage from '../not-found/NotFoundPage'
import { StepSkeleton } from './flow/StepSkeleton'
import { BookingActions } from './manage/BookingActions'
import { CaseSection } from './manage/CaseSection'
import { FindYourBooking } from './manage/FindYourBooking'
import { LoadProblem } from './manage/LoadProblem'
import { MeetingAccess } from './manage/MeetingAccess'
import { StatusNote } from './manage/StatusNote'

/**
 * /help/booking/{id}?token=… — the private page the confirmation links to (noindex): the
 * booking, and cancel or reschedule under the 24 h rule (manage/). /help/booking alone says
 * where that link is.
 */
export default function ManageBookingPage() {
  const { id } = useParams()
  const lang = useLang()
  useDocumentMeta({ page: 'helpBooking' }, lang)
  if (id === undefined) return <FindYourBooking />
  if (!isBookingId(id)) return <NotFoundPage />
  return <ManageBooking key={id} id={id.toLowerCase()} lang={lang} />
}

function ManageBooking({ id, lang }: { id: string; lang: Lang }) {
  const { t } = useTranslation('consultations')
  // The messages of errors:codes load with the page, not when a panel opens.
  useTranslation('errors')
  const [params] = useSearchParams()
  const linkToken = params.get('token')
  // The link's token is kept for this tab, so the page still works after the address changes.
  const token = linkToken || tokenFor(id)
  useEffect(() => {
    if (linkToken) rememberToken(id, linkToken)
  }, [id, linkToken])
  const { load, reload, replace, credentials } = useBooking(id, token)
  const [news, setNews] = useState('')
  const newsRef = useRef<HTMLOutputElement>(null)

  const changed = useCallback(
    (booking: Booking, message: string) => {
      replace(booking)
      setNews(message)
      requestAnimationFrame(() => newsRef.current?.focus())
    },
    [replace],
  )

  let body
  if (load.status === 'loading') body = <StepSkeleton />
  else if (load.status === 'error') body = <LoadProblem code={load.code} onRetry={reload} />
  else {
    const booking: ManagedBooking = load.booking
    const confirmed = booking.status === 'confirmed'
    const upcoming = confirmed && Date.parse(booking.start) > serverNow()
    // How to join shows until the consultation ends; the case (CaseSection) follows a paid booking.
    const joinable = confirmed && Date.parse(booking.end) > serverNow()
    body = (
      <div className="space-y-6">
        <output ref={newsRef} tabIndex={-1} className={news ? 'form-success block focus:outline-none' : 'sr-only'}>
          {news}
        </output>
        <StatusNote booking={booking} lang={lang} upcoming={upcoming} />
        {joinable && <MeetingAccess booking={booking} />}
        {isTestMode(booking) && <TestModeNotice moment="booked" />}
        <BookingDetails booking={booking} lang={lang} showStatus />
        {/* Loaded means allowed: with the link's token, or as the signed-in owner. */}
        {upcoming && <BookingActions booking={booking} lang={lang} credentials={credentials} onDone={changed} />}
        {confirmed && booking.case && <CaseSection bookingId={booking.id} view={booking.case} lang={lang} credentials={credentials} />}
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
