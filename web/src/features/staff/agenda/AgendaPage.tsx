import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useBookings } from '../api/queries'
import { QueryView } from '../components/QueryView'
import { useStaff } from '../context'
import { SectionPage } from '../shell/SectionPage'
import { formatDay } from '../time'
import { useToday } from '../use-today'
import { agendaDays, agendaSearch, byDay, parseAgenda, requestRange, type AgendaQuery } from './agenda-range'
import { AgendaControls } from './AgendaControls'
import { AgendaDay } from './AgendaDay'

/**
 * The agenda (the console's first page): the confirmed consultations of a day or a week, the
 * signed-in consultant's or everyone's, in the consultant's zone with the traveller's time beside
 * each. Its state lives in the address, so Back, a reload and a shared link keep it.
 */
export default function AgendaPage() {
  const { t } = useTranslation('staff')
  const { me, zone, lang } = useStaff()
  const [params, setParams] = useSearchParams()
  const today = useToday(zone)
  const isConsultant = me.consultant !== null
  const query = parseAgenda(params, today, isConsultant)
  const days = agendaDays(query.view, query.day)
  const { from, to } = requestRange(days)
  const bookings = useBookings(from, to, query.who === 'mine')
  const go = (next: Partial<AgendaQuery>) => setParams(agendaSearch({ ...query, ...next }, today, isConsultant))
  const range =
    query.view === 'day'
      ? formatDay(query.day, lang)
      : t('agenda.weekOf', { from: formatDay(days[0]!, lang, 'short'), to: formatDay(days[6]!, lang, 'short') })

  return (
    <SectionPage title={t('agenda.title')} intro={t('agenda.intro', { zone })}>
      <AgendaControls query={query} today={today} isConsultant={isConsultant} onChange={go} />
      {/* Said when the days change (previous, next, today, day or week). */}
      <p aria-live="polite" className="text-lg font-semibold text-ocean-900">
        {range}
      </p>
      <QueryView query={bookings} loading={t('agenda.loading')}>
        {({ items }) => (
          <div className="space-y-6">
            {[...byDay(items, days, zone)].map(([day, entries]) => (
              <AgendaDay key={day} day={day} entries={entries} showHeading={query.view === 'week'} today={day === today} />
            ))}
          </div>
        )}
      </QueryView>
    </SectionPage>
  )
}
