import { useTranslation } from 'react-i18next'
import type { StaffOrderDetail } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { lineKindText } from '../business/words'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { Facts } from '../components/Facts'

/** What was bought (with the units already refunded) and the order's totals. */
export function OrderLines({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const { money } = useBusinessFormat()
  const columns = (['item', 'sku', 'quantity', 'refunded', 'unit', 'total'] as const).map((column) => t(`order.lineColumns.${column}`))
  const totals: [string, string][] = [
    [t('order.subtotal'), money(order.subtotal_cents, order.currency)],
    [order.discount_code ? t('order.discountCode', { code: order.discount_code }) : t('order.discount'), money(-order.discount_cents, order.currency)],
    [t('order.shipping'), money(order.shipping_cents, order.currency)],
    [t('order.total'), money(order.total_cents, order.currency)],
    [t('order.refundedTotal'), money(order.refunded_cents, order.currency)],
    [t('order.refundable'), money(order.refundable_cents, order.currency)],
  ]
  return (
    <div className="space-y-4">
      <DataTable caption={t('order.lines')} columns={columns}>
        {order.lines.map((line) => (
          <tr key={line.position}>
            <RowHeader>
              {line.name} <span className="text-slate-600">({line.variant_name})</span>
              <span className="block text-slate-600">{lineKindText(t, line.kind)}</span>
            </RowHeader>
            <Cell>
              <code>{line.sku}</code>
            </Cell>
            <Cell>{line.quantity}</Cell>
            <Cell>{line.refunded_quantity}</Cell>
            <Cell className="whitespace-nowrap">{money(line.unit_price_cents, order.currency)}</Cell>
            <Cell className="whitespace-nowrap">{money(line.line_total_cents, order.currency)}</Cell>
          </tr>
        ))}
      </DataTable>
      <Facts items={totals} className="lg:grid-cols-3" />
    </div>
  )
}
