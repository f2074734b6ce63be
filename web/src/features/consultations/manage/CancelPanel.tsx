import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { formatMoney } from '../money'
import type { PanelProps } from './panel-props'
import { useCancel } from './use-manage-booking'
import { useErrorText } from '../error-text'

/** Cancel, with what comes back said before the visitor confirms. */
export function CancelPanel({ booking, lang, credentials, onDone, onClose }: PanelProps) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const money = (cents: number) => formatMoney(cents, booking.currency, lang)
  const { busy, error, free, refund, confirm } = useCancel(booking, credentials, (cancelled, back) =>
    onDone(cancelled, back > 0 ? t('manage.cancel.done', { amount: money(back) }) : t('manage.cancel.doneNoRefund')),
  )
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])

  return (
    <section id="cancel-panel" aria-labelledby="cancel-heading" className="space-y-4 rounded-2xl border border-coral-100 bg-coral-50 p-5">
      <h2 id="cancel-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('manage.cancel.question')}
      </h2>
      <p className="leading-relaxed text-ocean-900">
        {free
          ? t('manage.cancel.free', { amount: money(refund) })
          : t('manage.cancel.fee', { fee: money(booking.change_fee_cents), amount: money(refund) })}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {errorText(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => void confirm()}>
          {busy ? t('manage.cancel.cancelling') : t('manage.cancel.confirm')}
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onClose}>
          {t('manage.cancel.keep')}
        </button>
      </div>
    </section>
  )
}
