import { useTranslation } from 'react-i18next'
import type { BookingSummary } from '../types'

/** Where the consultation happens: the meeting link (a new tab) and/or the phone number. */
export function MeetingLink({ booking }: { booking: Pick<BookingSummary, 'meetingUrl' | 'meetingPhone'> }) {
  const { t } = useTranslation('staff')
  if (!booking.meetingUrl && !booking.meetingPhone) return <p className="text-sm text-slate-600">{t('meeting.none')}</p>
  return (
    <p className="flex flex-wrap gap-x-4 text-sm">
      {booking.meetingUrl && (
        <a href={booking.meetingUrl} target="_blank" rel="noreferrer" className="link-button">
          {t('meeting.join')}
          <span className="sr-only"> {t('meeting.newTab')}</span>
        </a>
      )}
      {booking.meetingPhone && (
        <a href={`tel:${booking.meetingPhone.replace(/[^\d+]/g, '')}`} className="link-button">
          {t('meeting.call', { phone: booking.meetingPhone })}
        </a>
      )}
    </p>
  )
}
