import { useTranslation } from 'react-i18next'
import { useMembers } from '../api/queries'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { MemberRow } from './MemberRow'

/**
 * Admins: the team (GET /staff/members) and each member's roles. Someone new joins from the
 * command line (`rumbo staff grant EMAIL ROLE`): the API names members by user id only.
 */
export default function TeamPage() {
  const { t } = useTranslation('staff')
  const members = useMembers()
  return (
    <SectionPage title={t('team.title')} intro={t('team.intro')}>
      <QueryView query={members} loading={t('team.loading')}>
        {(items) =>
          items.length === 0 ? (
            <p className="text-slate-600">{t('team.none')}</p>
          ) : (
            <ul className="space-y-3">
              {items.map((member) => (
                <li key={member.id}>
                  <MemberRow member={member} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </SectionPage>
  )
}
