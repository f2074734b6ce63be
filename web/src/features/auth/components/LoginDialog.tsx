import { ArrowLeft, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { LoginView } from '../login-dialog-store'
import { ForgotPasswordView } from './ForgotPasswordView'
import { OptionsView } from './OptionsView'
import { SignInView } from './SignInView'
import { SignUpView } from './SignUpView'

// Only users with two-step verification need its view: it loads when one does.
const MfaStepView = lazy(() => import('./mfa/MfaStepView'))

// Where "Back" leads from each view (docs/product.md#login-dialog: signup and signin go back to the options).
// The second step has no way back: the password was right, and the step's own Cancel signs out.
const BACK: Record<LoginView, LoginView | null> = { options: null, signup: 'options', signin: 'options', forgot: 'signin', mfa: null }

/** Each view marks the control a visitor starts with (data-autofocus); a new view gets focus there. */
function focusFirstControl(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
}

interface Props {
  initialView: LoginView
  onClose: () => void
}

/**
 * The login dialog (docs/product.md#login-dialog): a native modal <dialog>, which traps focus,
 * closes on Escape and makes the page behind it inert without any library.
 * Focus goes to the first control of each view and back to the opener on close.
 */
export default function LoginDialog({ initialView, onClose }: Props) {
  const { t } = useTranslation('auth')
  const [view, setView] = useState(initialView)
  const [email, setEmail] = useState('')
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const { key: locationKey } = useLocation()
  const openedAt = useRef(locationKey)

  // Any navigation (the terms link, the browser's Back button) closes the dialog.
  useEffect(() => {
    if (locationKey !== openedAt.current) onClose()
  }, [locationKey, onClose])

  useEffect(() => {
    const dialog = dialogRef.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    // showModal focuses the first button (Back or Close); the view's own first control is more useful.
    focusFirstControl(dialog)
    // Unmounting removes the dialog (and so closes it); focus returns to what opened it.
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const back = BACK[view]
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} onClose={onClose} className="login-dialog">
      <div className="flex items-center gap-2 px-6 pt-5">
        {back && (
          <button type="button" className="icon-btn -ml-3" onClick={() => setView(back)}>
            <ArrowLeft size={20} aria-hidden="true" />
            <span className="sr-only">{t('dialog.back')}</span>
          </button>
        )}
        <h2 id={titleId} className="flex-1 text-2xl font-semibold">
          {t(`dialog.titles.${view}`)}
        </h2>
        <button type="button" className="icon-btn -mr-3" onClick={onClose}>
          <X size={20} aria-hidden="true" />
          <span className="sr-only">{t('dialog.close')}</span>
        </button>
      </div>
      {/* Keyed by view: its ref callback runs once per view, moving focus into it. */}
      <div key={view} ref={focusFirstControl} className="px-6 pt-3 pb-6">
        {view === 'options' && <OptionsView onView={setView} />}
        {view === 'signup' && <SignUpView onView={setView} onDone={onClose} />}
        {view === 'signin' && <SignInView onView={setView} onDone={onClose} onEmail={setEmail} />}
        {view === 'forgot' && <ForgotPasswordView initialEmail={email} onView={setView} />}
        {view === 'mfa' && (
          <Suspense fallback={<p className="min-h-48" aria-busy="true" />}>
            <MfaStepView onDone={onClose} />
          </Suspense>
        )}
      </div>
    </dialog>
  )
}
