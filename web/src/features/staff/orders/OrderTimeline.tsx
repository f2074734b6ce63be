import { useTranslation } from 'react-i18next'
import type { OrderEvent } from '../business/types'
import { useBusinessFormat } from '../business/use-format'

/** What happened to the order, oldest first (the mails with their template and state, as the server writes them). */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const { t } = useTranslation('staff')
  const { when } = useBusinessFormat()
  return (
    <ol className="space-y-2">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="flex flex-wrap gap-x-3">
          <time dateTime={event.at} className="text-sm whitespace-nowrap text-slate-600">
            {when(event.at)}
          </time>
          <span className="font-semibold text-ocean-900">{t(`orderEvent.${event.event}`)}</span>
          {event.detail && <span>{event.detail}</span>}
        </li>
      ))}
    </ol>
  )
}
