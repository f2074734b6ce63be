import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { PAGE_PATHS } from '../../lib/site-map'
import { helpBookingPath, tokenFor } from './booking-store'
import { ZonedTimes } from './components/ZonedTimes'
import { formatMoney } from './money'
import { useMyBookings } from './queries'
import { dayOf, formatDay, formatDuration } from './time'

/**
 * "My consultations" on the account page (docs/product.md#manage-link: a signed-in user sees their
 * bookings there): GET my-bookings with the session, each linking to its booking page.
 */
export function MyConsultations({ accessToken }: { accessToken: string }) {
  const { t } = useTranslation('consultations')
  const lang = useLang()
  const bookings = useMyBookings(accessToken)

  return (
    <section aria-labelledby="my-consultations-heading" className="card" aria-busy={bookings.status === 'loading' || undefined}>
      <h2 id="my-consultations-heading" className="text-2xl font-semibold">
        {t('account.heading')}
      </h2>
      {bookings.status === 'loading' && (
        <output className="mt-4 block min-h-12 text-slate-600">{t('account.loading')}</output>
      )}
      {bookings.status === 'error' && (
        <div className="form-error mt-4 flex flex-wrap items-center gap-3" role="alert">
          {t('account.error')}
          <button type="button" className="link-button" onClick={bookings.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {bookings.status === 'ready' && bookings.value.length === 0 && (
        <div className="mt-4 space-y-4">
          <p className="text-slate-600">{t('account.empty')}</p>
          <LocalizedLink to={PAGE_PATHS.help} className={buttonStyles.primary}>
            {t('account.book')}
          </LocalizedLink>
        </div>
      )}
      {bookings.status === 'ready' && bookings.value.length > 0 && (
        <ul className="mt-4 divide-y divide-sand-200">
          {bookings.value.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-start justify-between gap-3 py-4">
              <div>
                <p className="font-semibold text-ocean-900">
                  {booking.plan.name} · {formatDuration(booking.plan.duration_minutes, lang)}
                </p>
                <p className="mt-1">
                  <ZonedTimes start={booking.start} zone={booking.time_zone} lang={lang} withDay />
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`status.${booking.status}`)} · {formatMoney(booking.amount_cents, booking.currency, lang)}
                </p>
              </div>
              <LocalizedLink
                to={helpBookingPath(booking.id, tokenFor(booking.id))}
                className={buttonStyles.secondary}
                aria-label={t('account.openLabel', { plan: booking.plan.name, day: formatDay(dayOf(booking.start, booking.time_zone), lang) })}
              >
                {t('account.open')}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
