import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { ManagedBooking } from '../types'
import { phoneHref, webHref } from './meeting'

/** How to join a confirmed consultation: the video link as a button, and/or the number to call. */
export function MeetingAccess({ booking }: { booking: ManagedBooking }) {
  const { t } = useTranslation('consultations')
  const url = webHref(booking.meeting_url)
  const tel = phoneHref(booking.meeting_phone)
  if (!url && !tel) return null
  return (
    <section aria-labelledby="meeting-heading" className="space-y-3 rounded-2xl bg-ocean-50 p-5 text-ocean-900">
      <h2 id="meeting-heading" className="text-xl font-semibold">
        {t('manage.meeting.heading')}
      </h2>
      {url && (
        <>
          <p className="leading-relaxed">{t('manage.meeting.linkText')}</p>
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonStyles.primary}>
            {t('manage.meeting.join')}{' '}
            <span className="sr-only">{t('manage.meeting.newTab')}</span>
          </a>
        </>
      )}
      {tel && (
        <p className="leading-relaxed">
          {t(url ? 'manage.meeting.phoneAlso' : 'manage.meeting.phoneText')}{' '}
          <a href={tel} className="link whitespace-nowrap">
            {booking.meeting_phone}
          </a>
        </p>
      )}
    </section>
  )
}
