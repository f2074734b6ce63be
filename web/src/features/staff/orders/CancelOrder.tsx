import { useTranslation } from 'react-i18next'
import { useCancelOrder } from '../business/mutations'
import type { StaffOrderDetail } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'

/** Cancel an order awaiting payment (POST /staff/orders/{id}/cancel), asked once more; `not_cancelable` otherwise. */
export function CancelOrder({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const cancel = useCancelOrder(order.id)
  return (
    <div className="space-y-2">
      <ConfirmAction
        label={t('cancelOrder.button')}
        question={t('cancelOrder.question', { number: order.number })}
        confirm={t('cancelOrder.confirm')}
        busy={cancel.isPending}
        busyLabel={t('common.saving')}
        onConfirm={() => cancel.mutate()}
      />
      <ActionStatus done={cancel.isSuccess ? t('cancelOrder.done') : null} error={cancel.error} />
    </div>
  )
}
