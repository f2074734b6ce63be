import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCountdown, serverNow } from '../clock'

interface Props {
  reservedUntil: string
  onExpire: () => void
  announce: (message: string) => void
}

/** Minutes before the end that are said aloud once (the timer itself is silent). */
const WARNINGS = [5, 1]

/**
 * How long the order's items stay reserved while the visitor pays, by the server's clock (like
 * the consultations' hold). A role="timer" is not read out every second; the live region says
 * when five minutes and one minute are left, and the payment reacts when the reservation ends.
 */
export function ReservationCountdown({ reservedUntil, onExpire, announce }: Props) {
  const { t } = useTranslation('checkout')
  const labelId = useId()
  const [now, setNow] = useState(serverNow)
  const end = Date.parse(reservedUntil)
  const left = end - now
  // Warnings already behind us when the page opened are not said.
  const said = useRef(new Set(WARNINGS.filter((minutes) => end - serverNow() <= minutes * 60_000)))
  const expired = useRef(false)

  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), 1000)
    return () => window.clearInterval(timer)
  }, [])

  useEffect(() => {
    for (const minutes of WARNINGS) {
      if (left <= minutes * 60_000 && left > 0 && !said.current.has(minutes)) {
        said.current.add(minutes)
        announce(t('payment.reservedWarning', { count: minutes }))
      }
    }
    if (left <= 0 && !expired.current) {
      expired.current = true
      onExpire()
    }
  }, [left, announce, onExpire, t])

  return (
    <div className="rounded-2xl bg-sand-100 p-4">
      <p id={labelId} className="text-sm font-semibold text-ocean-900">
        {t('payment.reservedLabel')}
      </p>
      <p role="timer" aria-labelledby={labelId} className="font-display text-3xl font-semibold text-ocean-900 tabular-nums">
        {formatCountdown(left)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('payment.reservedText')}</p>
    </div>
  )
}
