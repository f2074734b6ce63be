import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'

interface Props {
  /** The button that starts it ("Send the course of action"). */
  label: string
  /** What happens, asked before it does ("The traveller gets it by e-mail now. Send it?"). */
  question: string
  /** The confirming button ("Yes, send it"). */
  confirm: string
  busy: boolean
  busyLabel: string
  onConfirm: () => void
  /** Runs when the first button is pressed; the question is asked only if it answers true (a form's checks). */
  onStart?: () => boolean
}

/**
 * An action that cannot be taken back, asked once more in the page (not a browser dialog): the
 * question takes the focus, "Keep" goes back to the button.
 */
export function ConfirmAction({ label, question, confirm, busy, busyLabel, onConfirm, onStart }: Props) {
  const { t } = useTranslation('staff')
  const [asking, setAsking] = useState(false)
  const questionRef = useRef<HTMLParagraphElement>(null)
  const startRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)

  useEffect(() => {
    if (asking) questionRef.current?.focus()
    else if (wasAsking.current) startRef.current?.focus()
    wasAsking.current = asking
  }, [asking])

  if (!asking) {
    return (
      <button ref={startRef} type="button" disabled={busy} className={buttonStyles.primary} onClick={() => setAsking(onStart?.() ?? true)}>
        {busy ? busyLabel : label}
      </button>
    )
  }
  return (
    <div className="space-y-3 rounded-2xl border border-coral-100 bg-coral-50 p-4">
      <p ref={questionRef} tabIndex={-1} className="font-semibold text-ocean-900 focus:outline-none">
        {question}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={busy}
          className={buttonStyles.primary}
          onClick={() => {
            onConfirm()
            setAsking(false)
          }}
        >
          {confirm}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setAsking(false)}>
          {t('common.keep')}
        </button>
      </div>
    </div>
  )
}
