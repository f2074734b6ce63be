import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useIssues } from '../business/queries'
import type { NewsletterIssue } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { issueStatusText } from '../business/words'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { QueryView } from '../components/QueryView'
import { issuePath } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { languageName } from '../words'

/** Admins: the newsletter's issues (GET /staff/newsletter/issues), each with its state and figures. */
export default function IssuesPage() {
  const { t } = useTranslation('staff')
  const { when, count } = useBusinessFormat()
  const issues = useIssues()
  const columns = (['subject', 'language', 'status', 'when', 'figures'] as const).map((column) => t(`issues.columns.${column}`))
  const moment = (issue: NewsletterIssue) => (issue.sent_at ? when(issue.sent_at) : issue.scheduled_at ? when(issue.scheduled_at) : when(issue.updated_at))
  return (
    <SectionPage
      title={t('issues.title')}
      intro={t('issues.intro')}
      actions={
        <LocalizedLink to={issuePath(null)} className={buttonStyles.primary}>
          {t('issues.new')}
        </LocalizedLink>
      }
    >
      <QueryView query={issues} loading={t('issues.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">{t('issues.none')}</p>
          ) : (
            <DataTable caption={t('issues.caption')} columns={columns}>
              {items.map((issue) => (
                <tr key={issue.id}>
                  <RowHeader>
                    <LocalizedLink to={issuePath(issue.id)} className="link-button">
                      {issue.subject}
                    </LocalizedLink>
                  </RowHeader>
                  <Cell>{languageName(issue.lang)}</Cell>
                  <Cell>{issueStatusText(t, issue.status)}</Cell>
                  <Cell className="whitespace-nowrap">{moment(issue)}</Cell>
                  <Cell>
                    {t('issues.figures', {
                      recipients: count(issue.figures.recipients),
                      sent: count(issue.figures.sent),
                      failed: count(issue.figures.failed),
                      unsubscribes: count(issue.figures.unsubscribes_7d),
                    })}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
    </SectionPage>
  )
}
