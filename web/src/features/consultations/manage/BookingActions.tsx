import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { momentText } from '../components/moment-text'
import { formatMoney } from '../money'
import { CancelPanel } from './CancelPanel'
import type { PanelProps } from './panel-props'
import { ReschedulePanel } from './ReschedulePanel'

type Panel = 'none' | 'cancel' | 'reschedule'

/** An upcoming booking's 24 h rule, and the buttons that open its reschedule and cancel panels. */
export function BookingActions({ booking, lang, credentials, onDone }: Omit<PanelProps, 'onClose'>) {
  const { t } = useTranslation('consultations')
  const [panel, setPanel] = useState<Panel>('none')
  const close = () => setPanel('none')
  const done: PanelProps['onDone'] = (changed, message) => {
    setPanel('none')
    onDone(changed, message)
  }
  return (
    <>
      <p className="leading-relaxed">
        {t('manage.rule', {
          deadline: momentText(t, booking.cancellation_deadline, lang, booking.time_zone),
          fee: formatMoney(booking.change_fee_cents, booking.currency, lang),
        })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-expanded={panel === 'reschedule'}
          aria-controls="reschedule-panel"
          onClick={() => setPanel(panel === 'reschedule' ? 'none' : 'reschedule')}
        >
          {t('manage.reschedule.button')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-expanded={panel === 'cancel'}
          aria-controls="cancel-panel"
          onClick={() => setPanel(panel === 'cancel' ? 'none' : 'cancel')}
        >
          {t('manage.cancel.button')}
        </button>
      </div>
      {panel === 'cancel' && <CancelPanel booking={booking} lang={lang} credentials={credentials} onDone={done} onClose={close} />}
      {panel === 'reschedule' && <ReschedulePanel booking={booking} lang={lang} credentials={credentials} onDone={done} onClose={close} />}
    </>
  )
}
