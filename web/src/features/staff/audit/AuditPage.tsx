import { useTranslation } from 'react-i18next'
import { useAudit } from '../api/queries'
import { QueryView } from '../components/QueryView'
import { useStaff } from '../context'
import { SectionPage } from '../shell/SectionPage'
import { formatDateTime } from '../time'

/** A before/after state as compact JSON; nothing recorded is a dash. */
function state(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'object' && Object.keys(value).length === 0) return '—'
  return JSON.stringify(value)
}

/** Admins: the audit log (GET /staff/audit), newest first — who did what, when, and the state before and after. */
export default function AuditPage() {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  const audit = useAudit()
  const columns = ['when', 'who', 'action', 'target', 'before', 'after'] as const
  return (
    <SectionPage title={t('audit.title')} intro={t('audit.intro')}>
      <QueryView query={audit} loading={t('audit.loading')}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="text-slate-600">{t('audit.none')}</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('audit.caption')}</caption>
                <thead className="bg-sand-100 text-ocean-900">
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {t(`audit.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-200 align-top">
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lang, zone)}</time>
                      </td>
                      <td className="px-4 py-3">{entry.actor_email ?? t('audit.commandLine')}</td>
                      <th scope="row" className="px-4 py-3 font-normal">
                        <code>{entry.action}</code>
                      </th>
                      <td className="px-4 py-3 break-all">
                        <code>{entry.target}</code>
                      </td>
                      <td className="max-w-xs px-4 py-3 break-all">
                        <code>{state(entry.before)}</code>
                      </td>
                      <td className="max-w-xs px-4 py-3 break-all">
                        <code>{state(entry.after)}</code>
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
