import { useTranslation } from 'react-i18next'
import { useBookingWrite } from '../api/mutations'
import { closeCase } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'
import type { BookingDetail } from '../types'
import { Panel } from './Panel'

/** Closing the case: the last step, asked once more; a case not ready is refused with 409 `case_state`. */
export function CloseCase({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const write = useBookingWrite<void>(booking.id, (id) => closeCase(id))
  return (
    <Panel title={t('close.title')} intro={booking.case_state === 'closed' ? undefined : t('close.intro')}>
      {booking.case_state === 'closed' ? (
        <p>{t('close.closed')}</p>
      ) : (
        <ConfirmAction
          label={t('close.button')}
          question={t('close.question')}
          confirm={t('close.confirm')}
          busy={write.isPending}
          busyLabel={t('common.saving')}
          onConfirm={() => write.mutate()}
        />
      )}
      <ActionStatus done={write.isSuccess ? t('close.done') : null} error={write.error} />
    </Panel>
  )
}
