import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { formatMoney } from '../money'
import { formatDuration } from '../time'
import type { Booking } from '../../../lib/api/types'
import { ZonedTimes } from './ZonedTimes'

interface Props {
  booking: Booking
  lang: Lang
  /** The topic (the visitor's own summary) is long: the payment step leaves it out. */
  showTopic?: boolean
  showStatus?: boolean
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }

/** "visa" → "Visa"; an unknown brand keeps its name with a capital. */
export function brandName(brand: string | null): string {
  if (!brand) return ''
  return BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1)
}

/** The confirmation (docs/product.md#confirmation): consultation, date, time, duration and topic (plus price and status). */
export function BookingDetails({ booking, lang, showTopic = true, showStatus = false }: Props) {
  const { t } = useTranslation('consultations')
  const row = 'grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4'
  return (
    <dl className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white px-5">
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('details.consultation')}</dt>
        <dd>{booking.plan.name}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('details.when')}</dt>
        <dd>
          <ZonedTimes start={booking.start} zone={booking.time_zone} lang={lang} withDay />
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('details.duration')}</dt>
        <dd>{formatDuration(booking.plan.duration_minutes, lang)}</dd>
      </div>
      {showTopic && (
        <div className={row}>
          <dt className="font-semibold text-ocean-900">{t('details.topic')}</dt>
          <dd className="whitespace-pre-line break-words">{booking.message}</dd>
        </div>
      )}
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('details.price')}</dt>
        <dd>
          {formatMoney(booking.amount_cents, booking.currency, lang)}
          {booking.payment.card_last4 && (
            <span className="block text-sm text-slate-600">
              {t('details.card', { brand: brandName(booking.payment.card_brand), last4: booking.payment.card_last4 })}
            </span>
          )}
        </dd>
      </div>
      {showStatus && (
        <div className={row}>
          <dt className="font-semibold text-ocean-900">{t('details.status')}</dt>
          <dd>
            {t(`status.${booking.status}`)}
            {booking.status === 'cancelled' && booking.refund_cents !== null && (
              <span className="block text-sm text-slate-600">
                {t('details.refund', { amount: formatMoney(booking.refund_cents, booking.currency, lang) })}
              </span>
            )}
          </dd>
        </div>
      )}
      {showTopic && booking.documents.length > 0 && (
        <div className={row}>
          <dt className="font-semibold text-ocean-900">{t('details.documents')}</dt>
          <dd>
            <ul>
              {booking.documents.map((document) => (
                <li key={document.id} className="break-all">
                  {document.filename}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  )
}
