import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useCases } from '../api/queries'
import { DueNote } from '../components/DueNote'
import { FilterButtons } from '../components/FilterButtons'
import { QueryView } from '../components/QueryView'
import { useStaff } from '../context'
import { bookingPath } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { dayIn, formatDay } from '../time'
import { CASE_FILTERS, type CaseFilter } from '../types'

function filterOf(value: string | null): CaseFilter {
  return CASE_FILTERS.find((filter) => filter === value) ?? 'open'
}

/**
 * The cases against their 21-day promise: open, due within 7 days, overdue, or all, each with
 * its due date (overdue said in words and marked, not only coloured). The filter is in the address.
 */
export default function CasesPage() {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  const [params, setParams] = useSearchParams()
  const filter = filterOf(params.get('filter'))
  const cases = useCases(filter)
  return (
    <SectionPage title={t('cases.title')} intro={t('cases.intro')}>
      <FilterButtons
        label={t('cases.filterLabel')}
        options={CASE_FILTERS}
        value={filter}
        text={(option) => t(`cases.filters.${option}`)}
        onChange={(option) => setParams(option === 'open' ? '' : `filter=${option}`)}
      />
      <QueryView query={cases} loading={t('cases.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">{t('cases.none')}</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('cases.caption', { filter: t(`cases.filters.${filter}`) })}</caption>
                <thead className="bg-sand-100 text-ocean-900">
                  <tr>
                    {(['traveller', 'consultation', 'consultant', 'state', 'due'] as const).map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {t(`cases.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-200">
                  {items.map((booking) => (
                    <tr key={booking.id}>
                      <th scope="row" className="px-4 py-3 font-normal">
                        <LocalizedLink to={bookingPath(booking.id)} className="link-button">
                          {booking.name}
                        </LocalizedLink>
                      </th>
                      <td className="px-4 py-3">
                        {formatDay(dayIn(booking.starts_at, zone), lang, 'short')} · {booking.plan_name}
                      </td>
                      <td className="px-4 py-3">{booking.consultant_name}</td>
                      <td className="px-4 py-3">{t(`caseState.${booking.case_state}`)}</td>
                      <td className="px-4 py-3">
                        <DueNote booking={booking} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </SectionPage>
  )
}
