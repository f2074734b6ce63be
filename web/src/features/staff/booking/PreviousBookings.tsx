import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useStaff } from '../context'
import { bookingPath } from '../paths'
import { dayIn, formatDay } from '../time'
import type { BookingDetail } from '../types'
import { statusText } from '../words'
import { Panel } from './Panel'

/** The traveller's other bookings (same e-mail address), each a link to its own page. */
export function PreviousBookings({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  return (
    <Panel title={t('previous.title')}>
      {booking.previous.length === 0 ? (
        <p className="text-sm text-slate-600">{t('previous.none')}</p>
      ) : (
        <ul className="divide-y divide-sand-200">
          {booking.previous.map((other) => (
            <li key={other.id} className="py-2">
              <LocalizedLink to={bookingPath(other.id)} className="link-button">
                {formatDay(dayIn(other.starts_at, zone), lang, 'short')} · {other.plan_name}
              </LocalizedLink>
              <span className="block text-sm text-slate-600">
                {statusText(t, other.status)} · {t(`caseState.${other.case_state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
