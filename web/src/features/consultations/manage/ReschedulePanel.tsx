import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isLang } from '../../../i18n/languages'
import { buttonStyles } from '../../../components/ui/button-styles'
import { CardForm } from '../components/CardForm'
import { momentText } from '../components/moment-text'
import { NextSlots } from '../components/NextSlots'
import { SlotPicker } from '../components/SlotPicker'
import { isTestMode } from '../components/TestModeNotice'
import { ZonedTimes } from '../components/ZonedTimes'
import { formatMoney } from '../money'
import type { PanelProps } from './panel-props'
import { useReschedule } from './use-manage-booking'
import { useErrorText } from '../error-text'

/** Move to another free time; after the deadline, with the change fee's card. */
export function ReschedulePanel({ booking, lang, credentials, onDone, onClose }: PanelProps) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const { slot, choose, pickNext, error, nextSlots, refreshKey, feeRequired, busy, move } = useReschedule(booking, credentials, (moved) =>
    onDone(moved, t('manage.reschedule.done', { when: momentText(t, moved.start, lang, moved.time_zone) })),
  )
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  const fee = formatMoney(booking.change_fee_cents, booking.currency, lang)

  return (
    <section id="reschedule-panel" aria-labelledby="reschedule-heading" className="space-y-5 rounded-2xl border border-sand-200 bg-white p-5">
      <h2 id="reschedule-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('manage.reschedule.heading')}
      </h2>
      <p className="leading-relaxed text-ocean-900">
        {feeRequired ? t('manage.reschedule.feeNote', { fee }) : t('manage.reschedule.free')}
      </p>
      <SlotPicker plan={booking.plan.id} lang={lang} speaking={isLang(booking.language) ? booking.language : undefined} selected={slot} onSelect={choose} refreshKey={refreshKey} />
      <NextSlots slots={nextSlots} lang={lang} onPick={pickNext} />
      {slot && (
        <p className="rounded-xl bg-sand-100 px-4 py-3 text-ocean-900">
          <span className="font-semibold">{t('manage.reschedule.newTime')} </span>
          <ZonedTimes start={slot.start} lang={lang} withDay />
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error === 'slot_taken' && nextSlots.length > 0 ? t('time.takenWithNext') : errorText(error)}
        </p>
      )}
      {slot && feeRequired ? (
        <CardForm
          submitLabel={t('manage.reschedule.payAndMove', { fee })}
          busyLabel={t('manage.reschedule.moving')}
          onPay={(card) => move(card)}
          testMode={isTestMode(booking)}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonStyles.primary} disabled={!slot || busy} onClick={() => void move()}>
            {busy ? t('manage.reschedule.moving') : t('manage.reschedule.confirm')}
          </button>
          <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onClose}>
            {t('manage.reschedule.keep')}
          </button>
        </div>
      )}
    </section>
  )
}
