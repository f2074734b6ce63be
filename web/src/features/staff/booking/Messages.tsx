import { useTranslation } from 'react-i18next'
import { useStaff } from '../context'
import { formatDateTime } from '../time'
import type { BookingDetail } from '../types'
import { Panel } from './Panel'

/** The traveller's questions from the manage page (and the team's answers), oldest first. */
export function Messages({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  return (
    <Panel title={t('messages.title')}>
      {booking.messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('messages.none')}</p>
      ) : (
        <ol className="space-y-3">
          {booking.messages.map((message) => (
            <li key={message.id} className={`rounded-xl p-4 ${message.from === 'traveller' ? 'bg-sand-100' : 'bg-ocean-50'}`}>
              <p className="text-sm font-semibold text-ocean-900">
                {t(`messages.from.${message.from}`)} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lang, zone)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  )
}
