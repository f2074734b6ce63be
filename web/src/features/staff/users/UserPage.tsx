import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useUser } from '../business/queries'
import type { StaffUserDetail } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { Panel } from '../booking/Panel'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { Facts } from '../components/Facts'
import { QueryView } from '../components/QueryView'
import { bookingPath, STAFF_PATHS } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { MemberRow } from '../team/MemberRow'
import { statusText } from '../words'
import { OrdersTable } from '../orders/OrdersTable'
import { UserActions } from './UserActions'
import { UserState } from './UserState'

function User({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation('staff')
  const { money, when } = useBusinessFormat()
  const columns = (['when', 'plan', 'status', 'amount'] as const).map((column) => t(`user.bookingColumns.${column}`))
  return (
    <div className="grid gap-6">
      <Panel title={t('user.facts')}>
        <Facts
          items={[
            [t('user.created'), when(user.created_at)],
            [t('user.lastSignIn'), when(user.last_sign_in_at)],
            [t('user.state'), <UserState key="state" user={user} />],
          ]}
        />
      </Panel>
      <Panel title={t('user.actions')}>
        <UserActions user={user} />
      </Panel>
      <Panel title={t('user.roles')} intro={t('user.rolesIntro')}>
        {/* The Team page's own row: the same PUT /staff/members/{id}/roles. */}
        <MemberRow member={{ id: user.id, email: user.email, roles: user.roles }} />
      </Panel>
      <Panel title={t('user.bookings')}>
        {user.bookings.length === 0 ? (
          <p className="text-slate-600">{t('user.noBookings')}</p>
        ) : (
          <DataTable caption={t('user.bookings')} columns={columns}>
            {user.bookings.map((booking) => (
              <tr key={booking.id}>
                <RowHeader>
                  <LocalizedLink to={bookingPath(booking.id)} className="link-button">
                    {when(booking.starts_at)}
                  </LocalizedLink>
                </RowHeader>
                <Cell>{booking.plan}</Cell>
                <Cell>{statusText(t, booking.status)}</Cell>
                <Cell className="whitespace-nowrap">{money(booking.amount_cents, booking.currency)}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel title={t('user.orders')}>
        {user.orders.length === 0 ? <p className="text-slate-600">{t('user.noOrders')}</p> : <OrdersTable caption={t('user.orders')} orders={user.orders} />}
      </Panel>
    </div>
  )
}

/** Admins: one account (GET /staff/users/{id}): its bookings and orders, ban, confirmation e-mail, roles. */
export default function UserPage() {
  const { t } = useTranslation('staff')
  const id = useParams().id ?? ''
  const user = useUser(id)
  return (
    <SectionPage
      title={user.data ? user.data.email : t('user.loadingTitle')}
      actions={
        <LocalizedLink to={STAFF_PATHS.users} className="link-button">
          {t('user.back')}
        </LocalizedLink>
      }
    >
      <QueryView query={user} loading={t('user.loading')}>
        {(detail) => <User user={detail} />}
      </QueryView>
    </SectionPage>
  )
}
