import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useBookingWrite } from '../api/mutations'
import { recordOutcome } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'
import { isOneOf, OUTCOMES, type BookingDetail, type Outcome } from '../types'
import { outcomeText } from '../words'
import { Panel } from './Panel'

/**
 * After the consultation: held (the case goes on to the opinion) or no-show (the case closes,
 * so it is asked once more). Once recorded, the outcome is said instead.
 */
export function OutcomeActions({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const write = useBookingWrite<Outcome>(booking.id, recordOutcome)
  const open = booking.status === 'confirmed' && booking.case_state === 'scheduled'
  const saved = write.data?.outcome
  const done = write.isSuccess && isOneOf(OUTCOMES, saved) ? t(`outcome.saved.${saved}`) : null
  return (
    <Panel title={t('outcome.title')}>
      {open ? (
        <div className="flex flex-wrap items-start gap-3">
          <button type="button" className={buttonStyles.primary} disabled={write.isPending} onClick={() => write.mutate('held')}>
            {t('outcome.markHeld')}
          </button>
          <ConfirmAction
            label={t('outcome.markNoShow')}
            question={t('outcome.noShowQuestion')}
            confirm={t('outcome.noShowConfirm')}
            busy={write.isPending}
            busyLabel={t('common.saving')}
            onConfirm={() => write.mutate('no_show')}
          />
        </div>
      ) : (
        <p>{booking.outcome ? outcomeText(t, booking.outcome) : t('outcome.notYet')}</p>
      )}
      <ActionStatus done={done} error={write.error} />
    </Panel>
  )
}
