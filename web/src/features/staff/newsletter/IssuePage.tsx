import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useIssue } from '../business/queries'
import { QueryView } from '../components/QueryView'
import { STAFF_PATHS } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { IssueEditor } from './IssueEditor'

/** Admins: a new issue (/staff/newsletter/new) or one to edit, test and send (/staff/newsletter/{id}). */
export default function IssuePage() {
  const { t } = useTranslation('staff')
  const param = useParams().id ?? 'new'
  const id = param === 'new' ? null : param
  const issue = useIssue(id)
  const back = (
    <LocalizedLink to={STAFF_PATHS.newsletter} className="link-button">
      {t('issue.back')}
    </LocalizedLink>
  )
  if (id === null) {
    return (
      <SectionPage title={t('issue.newTitle')} actions={back}>
        <IssueEditor key="new" issue={null} />
      </SectionPage>
    )
  }
  return (
    <SectionPage title={issue.data ? t('issue.title', { subject: issue.data.subject }) : t('issue.loadingTitle')} actions={back}>
      <QueryView query={issue} loading={t('issue.loading')}>
        {(loaded) => <IssueEditor key={loaded.id} issue={loaded} />}
      </QueryView>
    </SectionPage>
  )
}
