import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import type { Lang } from '../../../i18n/languages'
import type { Booking } from '../../../lib/api/types'
import { PAGE_PATHS } from '../../../lib/site-map'
import { formatMoney } from '../money'

/** What the booking's state means for the visitor, with the way on where there is one. */
export function StatusNote({ booking, lang, upcoming }: { booking: Booking; lang: Lang; upcoming: boolean }) {
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
