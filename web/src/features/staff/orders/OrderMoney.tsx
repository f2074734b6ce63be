import { useTranslation } from 'react-i18next'
import type { StaffOrderDetail } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { refundStatusText } from '../business/words'
import { Cell, DataTable, RowHeader } from '../components/DataTable'

/** The order's payments and its refunds (each with its lines, reason and who made it). */
export function OrderMoney({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const { money, when } = useBusinessFormat()
  const lineName = (position: number) => order.lines.find((line) => line.position === position)?.name ?? `#${position}`
  return (
    <div className="space-y-6">
      {order.payments.length === 0 ? (
        <p className="text-slate-600">{t('order.noPayments')}</p>
      ) : (
        <DataTable caption={t('order.payments')} columns={(['when', 'provider', 'status', 'amount', 'refunded', 'card'] as const).map((c) => t(`order.paymentColumns.${c}`))}>
          {order.payments.map((payment) => (
            <tr key={payment.id}>
              <RowHeader>
                <time dateTime={payment.created_at}>{when(payment.created_at)}</time>
              </RowHeader>
              <Cell>{payment.provider}</Cell>
              <Cell>{payment.status}</Cell>
              <Cell className="whitespace-nowrap">{money(payment.amount_cents, payment.currency)}</Cell>
              <Cell className="whitespace-nowrap">{money(payment.refunded_cents, payment.currency)}</Cell>
              <Cell>{payment.card_last4 ? t('order.card', { brand: payment.card_brand ?? '', last4: payment.card_last4 }) : '—'}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {order.refunds.length === 0 ? (
        <p className="text-slate-600">{t('order.noRefunds')}</p>
      ) : (
        <DataTable caption={t('order.refunds')} columns={(['when', 'amount', 'status', 'what', 'reason', 'by'] as const).map((c) => t(`order.refundColumns.${c}`))}>
          {order.refunds.map((refund) => (
            <tr key={refund.id}>
              <RowHeader>
                <time dateTime={refund.created_at}>{when(refund.created_at)}</time>
              </RowHeader>
              <Cell className="whitespace-nowrap">{money(refund.amount_cents, order.currency)}</Cell>
              <Cell>{refundStatusText(t, refund.status)}</Cell>
              <Cell>
                {refund.lines.length === 0 ? t('order.refundAmountOnly') : refund.lines.map((line) => `${line.quantity} × ${lineName(line.position)}`).join(', ')}
                {refund.restock && <span className="block text-slate-600">{t('order.restocked')}</span>}
              </Cell>
              <Cell>{refund.reason}</Cell>
              <Cell className="break-all">{refund.by_email ?? '—'}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  )
}
