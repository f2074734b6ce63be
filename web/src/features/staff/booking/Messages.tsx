import { useTranslation } from 'react-i18next'
import { useStaff } from '../context'
import { formatDateTime } from '../time'
import type { BookingDetail } from '../types'
import { senderText } from '../words'
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
                {senderText(t, message.from)} · <time dateTime={message.created_at}>{formatDateTime(message.created_at, lang, zone)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  )
}
