import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import type { StaffOrderSummary } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { orderStatusText } from '../business/words'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { orderPath } from '../paths'

/** Orders as rows: the number links to the order's page. Used by the orders list and a user's page. */
export function OrdersTable({ caption, orders }: { caption: string; orders: StaffOrderSummary[] }) {
  const { t } = useTranslation('staff')
  const { money, when } = useBusinessFormat()
  const columns = (['number', 'placed', 'email', 'status', 'kind', 'total', 'refunded'] as const).map((column) => t(`orders.columns.${column}`))
  return (
    <DataTable caption={caption} columns={columns}>
      {orders.map((order) => (
        <tr key={order.id}>
          <RowHeader>
            <LocalizedLink to={orderPath(order.id)} className="link-button">
              {order.number}
            </LocalizedLink>
          </RowHeader>
          <Cell className="whitespace-nowrap">
            <time dateTime={order.created_at}>{when(order.created_at)}</time>
          </Cell>
          <Cell className="break-all">{order.email}</Cell>
          <Cell>{orderStatusText(t, order.status)}</Cell>
          <Cell>{t(`orderKind.${order.kind}`)}</Cell>
          <Cell className="whitespace-nowrap">{money(order.total_cents, order.currency)}</Cell>
          <Cell className="whitespace-nowrap">{order.refunded_cents > 0 ? money(order.refunded_cents, order.currency) : '—'}</Cell>
        </tr>
      ))}
    </DataTable>
  )
}
