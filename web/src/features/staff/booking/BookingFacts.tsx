import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { INTL_LOCALE } from '../../../i18n/languages'
import { MeetingLink } from '../components/MeetingLink'
import { Times } from '../components/Times'
import { useStaff } from '../context'
import { formatTime } from '../time'
import { countryName, formatMoney } from '../format'
import type { BookingDetail } from '../types'
import { languageName, outcomeText, statusText } from '../words'
import { Panel } from './Panel'

/** The consultation's facts: plan, times in both zones, who, where, and what was paid. */
export function BookingFacts({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  const locale = INTL_LOCALE[lang]
  const rows: [string, ReactNode][] = [
    [t('booking.plan'), booking.plan_name],
    [
      t('booking.when'),
      <>
        <Times at={booking.starts_at} travellerZone={booking.traveller_time_zone} withDay />
        <span className="block text-sm text-slate-600">{t('agenda.until', { time: formatTime(booking.ends_at, lang, zone) })}</span>
      </>,
    ],
    [t('booking.traveller'), `${booking.name} · ${booking.email}`],
    [t('booking.country'), countryName(booking.country, locale)],
    [t('booking.language'), languageName(booking.language)],
    [t('booking.travellerZone'), booking.traveller_time_zone ?? t('booking.zoneUnknown')],
    [t('booking.consultant'), booking.consultant_name],
    [t('booking.status'), `${statusText(t, booking.status)}${booking.outcome ? ` · ${outcomeText(t, booking.outcome)}` : ''}`],
    [t('booking.paid'), formatMoney(booking.amount_cents, booking.currency, locale)],
    [t('booking.meeting'), <MeetingLink key="meeting" booking={booking} />],
  ]
  return (
    <Panel title={t('booking.facts')}>
      <dl className="divide-y divide-sand-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="font-semibold text-ocean-900">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  )
}
