import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { MeetingLink } from '../components/MeetingLink'
import { Times } from '../components/Times'
import { useStaff } from '../context'
import { bookingPath } from '../paths'
import { formatDay, formatTime } from '../time'
import type { BookingSummary, IsoDate } from '../types'
import { languageName } from '../words'

interface Props {
  day: IsoDate
  entries: BookingSummary[]
  /** The week view names each day; the day view's day is already said above the list. */
  showHeading: boolean
  today: boolean
}

function Entry({ booking }: { booking: BookingSummary }) {
  const { t } = useTranslation('staff')
  const { zone, lang } = useStaff()
  return (
    <li className="grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-soft sm:grid-cols-[12rem_1fr]">
      <p>
        <Times at={booking.starts_at} travellerZone={booking.traveller_time_zone} />
        <span className="block text-sm text-slate-600">{t('agenda.until', { time: formatTime(booking.ends_at, lang, zone) })}</span>
      </p>
      <div className="space-y-1">
        <p className="text-lg">
          <LocalizedLink to={bookingPath(booking.id)} className="link-button">
            {booking.name}
          </LocalizedLink>
          <span className="text-slate-600"> · {booking.plan_name}</span>
        </p>
        <p className="text-sm text-slate-600">
          {t('agenda.details', {
            language: languageName(booking.language),
            state: t(`caseState.${booking.case_state}`),
            consultant: booking.consultant_name,
          })}
        </p>
        <MeetingLink booking={booking} />
      </div>
    </li>
  )
}

/** One day of the agenda: its consultations by start, or a line saying there are none. */
export function AgendaDay({ day, entries, showHeading, today }: Props) {
  const { t } = useTranslation('staff')
  const { lang } = useStaff()
  const headingId = useId()
  const list =
    entries.length > 0 ? (
      <ul aria-labelledby={showHeading ? headingId : undefined} className="space-y-3">
        {entries.map((booking) => (
          <Entry key={booking.id} booking={booking} />
        ))}
      </ul>
    ) : (
      <p className="text-slate-600">{t('agenda.none')}</p>
    )
  if (!showHeading) return list
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {formatDay(day, lang)}
        {today && <span className="ml-2 text-sm font-normal text-slate-600">({t('agenda.today')})</span>}
      </h2>
      {list}
    </section>
  )
}
