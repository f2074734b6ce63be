import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useOrder } from '../business/queries'
import type { StaffOrderDetail } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { orderStatusText } from '../business/words'
import { Panel } from '../booking/Panel'
import { Facts } from '../components/Facts'
import { QueryView } from '../components/QueryView'
import { STAFF_PATHS } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { languageName } from '../words'
import { CancelOrder } from './CancelOrder'
import { OrderLines } from './OrderLines'
import { OrderMoney } from './OrderMoney'
import { OrderShipping } from './OrderShipping'
import { OrderTimeline } from './OrderTimeline'
import { RefundForm } from './RefundForm'
import { ShipPanel } from './ShipForm'

/** Shipping is for a paid order with something physical that has no tracking number yet (the server checks: `not_shippable`). */

function Order({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const { when } = useBusinessFormat()
  return (
    <div className="grid gap-6">
      <Panel title={t('order.facts')}>
        <Facts
          items={[
            [t('order.status'), orderStatusText(t, order.status)],
            [t('order.email'), order.email],
            [t('order.language'), languageName(order.language)],
            [t('order.kind'), t(`orderKind.${order.kind}`)],
            [t('order.placed'), when(order.created_at)],
            [t('order.paid'), when(order.paid_at)],
          ]}
        />
      </Panel>
      <Panel title={t('order.lines')}>
        <OrderLines order={order} />
      </Panel>
      {order.shipping_address && <OrderShipping order={order} address={order.shipping_address} />}
      <Panel title={t('order.money')}>
        <OrderMoney order={order} />
      </Panel>
      <Panel title={t('order.timeline')}>
        <OrderTimeline events={order.timeline} />
      </Panel>
      <ShipPanel order={order} />
      {order.status === 'pending_payment' && (
        <Panel title={t('cancelOrder.title')} intro={t('cancelOrder.intro')}>
          <CancelOrder order={order} />
        </Panel>
      )}
      {order.refundable_cents > 0 && (
        <Panel title={t('refund.title')} intro={t('refund.intro')}>
          <RefundForm order={order} />
        </Panel>
      )}
    </div>
  )
}

/** Admins: one order (GET /staff/orders/{id}) and what can be done with it: ship, cancel, refund. */
export default function OrderPage() {
  const { t } = useTranslation('staff')
  const id = useParams().id ?? ''
  const order = useOrder(id)
  return (
    <SectionPage
      title={order.data ? t('order.title', { number: order.data.number }) : t('order.loadingTitle')}
      actions={
        <LocalizedLink to={STAFF_PATHS.orders} className="link-button">
          {t('order.back')}
        </LocalizedLink>
      }
    >
      <QueryView query={order} loading={t('order.loading')}>
        {(detail) => <Order order={detail} />}
      </QueryView>
    </SectionPage>
  )
}
