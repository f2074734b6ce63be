import { FlaskConical } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Booking } from '../../../lib/api/types'

/**
 * Whether the booking's payments go through the sandbox provider: a deployment that takes no
 * real payments (server/src/payments/sandbox.rs; issue 10 asks its pages to say so).
 */
export function isTestMode(booking: Pick<Booking, 'payment'>): boolean {
  return booking.payment.provider === 'sandbox'
}

interface Props {
  /** `pay`: where a card is asked for (with the test card); `booked`: where a payment seems done. */
  moment: 'pay' | 'booked'
  id?: string
}

/** "Test mode: …", in the normal flow of the page, so nobody mistakes it for a real charge. */
export function TestModeNotice({ moment, id }: Props) {
  const { t } = useTranslation('consultations')
  return (
    <p id={id} className="test-mode-notice">
      <FlaskConical aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-coral-700" />
      <span>
        <strong className="font-semibold text-coral-700">{t('testMode.label')}</strong> {t(`testMode.${moment}`)}
      </span>
    </p>
  )
}
