import { useTranslation } from 'react-i18next'
import type { BookingSummary } from '../types'

/** Where the consultation happens: the meeting link (a new tab) and/or the phone number. */
export function MeetingLink({ booking }: { booking: Pick<BookingSummary, 'meeting_url' | 'meeting_phone'> }) {
  const { t } = useTranslation('staff')
  if (!booking.meeting_url && !booking.meeting_phone) return <p className="text-sm text-slate-600">{t('meeting.none')}</p>
  return (
    <p className="flex flex-wrap gap-x-4 text-sm">
      {booking.meeting_url && (
        <a href={booking.meeting_url} target="_blank" rel="noreferrer" className="link-button">
          {t('meeting.join')}
          <span className="sr-only"> {t('meeting.newTab')}</span>
        </a>
      )}
      {booking.meeting_phone && (
        <a href={`tel:${booking.meeting_phone.replace(/[^\d+]/g, '')}`} className="link-button">
          {t('meeting.call', { phone: booking.meeting_phone })}
        </a>
      )}
    </p>
  )
}
