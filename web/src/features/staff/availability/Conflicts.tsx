import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { ReassignControl } from '../components/ReassignControl'
import { Times } from '../components/Times'
import { bookingPath } from '../paths'
import type { BookingSummary, Consultant } from '../types'

/** Future bookings that no longer fit their consultant's hours or time off, each with a reassignment. */
export function Conflicts({ conflicts, consultants }: { conflicts: BookingSummary[]; consultants: Consultant[] }) {
  const { t } = useTranslation('staff')
  const [news, setNews] = useState('')
  return (
    <section aria-labelledby="conflicts-heading" className="space-y-4">
      <h2 id="conflicts-heading" className="text-2xl font-semibold">
        {t('conflicts.title', { count: conflicts.length })}
      </h2>
      <output className={news ? 'form-success block' : 'sr-only'}>{news}</output>
      {conflicts.length === 0 ? (
        <p className="text-slate-600">{t('conflicts.none')}</p>
      ) : (
        <ul className="space-y-3">
          {conflicts.map((booking) => (
            <li key={booking.id} className="card grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <p>
                  <LocalizedLink to={bookingPath(booking.id)} className="link-button">
                    {booking.name}
                  </LocalizedLink>{' '}
                  · {booking.plan_name}
                </p>
                <p>
                  <Times at={booking.starts_at} travellerZone={booking.traveller_time_zone} withDay />
                </p>
                <p className="text-sm text-slate-600">{t('reassign.current', { name: booking.consultant_name })}</p>
              </div>
              <ReassignControl
                booking={booking}
                consultants={consultants}
                onDone={(detail) => setNews(t('reassign.doneFor', { traveller: detail.name, name: detail.consultant_name }))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
