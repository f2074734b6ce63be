import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { formatDateTimeIn, visitorTimeZone } from '../time'
import type { CaseMessage } from '../types'

/** The traveller's questions and the team's answers, oldest first. */
export function CaseMessages({ messages, lang }: { messages: CaseMessage[]; lang: Lang }) {
  const { t } = useTranslation('consultations')
  if (messages.length === 0) return <p className="text-slate-600">{t('manage.messages.empty')}</p>
  const zone = visitorTimeZone()
  return (
    <ol className="space-y-3">
      {messages.map((message) => (
        <li key={message.id} className={`rounded-xl p-4 ${message.from === 'staff' ? 'bg-ocean-50' : 'bg-sand-100'}`}>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-ocean-900">{t(message.from === 'staff' ? 'manage.messages.staff' : 'manage.messages.you')}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={message.created_at}>{formatDateTimeIn(message.created_at, lang, zone)}</time>
          </p>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{message.body}</p>
        </li>
      ))}
    </ol>
  )
}
