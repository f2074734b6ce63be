import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { TextField } from '../../../components/ui/Field'
import { useUsers } from '../business/queries'
import { useBusinessFormat } from '../business/use-format'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { QueryView } from '../components/QueryView'
import { userPath } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { UserState } from './UserState'

/** Admins: find an account by e-mail (GET /staff/users?q=); the search is in the address. */
export default function UsersPage() {
  const { t } = useTranslation('staff')
  const { when } = useBusinessFormat()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [typed, setTyped] = useState(q)
  const users = useUsers(q)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setParams(typed.trim() ? { q: typed.trim() } : {})
  }
  const columns = (['email', 'created', 'lastSignIn', 'state', 'roles'] as const).map((column) => t(`users.columns.${column}`))
  return (
    <SectionPage title={t('users.title')} intro={t('users.intro')}>
      <form noValidate aria-label={t('users.searchLabel')} onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField label={t('users.search')} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          {t('users.submit')}
        </button>
      </form>
      {q.trim() !== '' && (
        <QueryView query={users} loading={t('users.loading')}>
          {({ items }) => (
            <div className="space-y-4">
              <output className="block font-semibold text-ocean-900">{t('users.found', { count: items.length, q })}</output>
              {items.length > 0 && (
                <DataTable caption={t('users.caption', { q })} columns={columns}>
                  {items.map((user) => (
                    <tr key={user.id}>
                      <RowHeader>
                        <LocalizedLink to={userPath(user.id)} className="link-button break-all">
                          {user.email}
                        </LocalizedLink>
                      </RowHeader>
                      <Cell className="whitespace-nowrap">{when(user.created_at)}</Cell>
                      <Cell className="whitespace-nowrap">{when(user.last_sign_in_at)}</Cell>
                      <Cell>
                        <UserState user={user} />
                      </Cell>
                      <Cell>{user.roles.map((role) => t(`roles.${role}`)).join(', ') || '—'}</Cell>
                    </tr>
                  ))}
                </DataTable>
              )}
            </div>
          )}
        </QueryView>
      )}
    </SectionPage>
  )
}
