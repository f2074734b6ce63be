import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { localizedPath } from '../../../../i18n/paths'
import { useLang } from '../../../../i18n/use-lang'
import { loadAuthClient } from '../../api/client-loader'
import { reloadWithFlash } from '../../flash'
import { usePasswordRecovery } from '../../recovery-state'
import { RecoveryStepForm } from './RecoveryStepForm'
import { TotpStepForm } from './TotpStepForm'

/**
 * The login dialog's "Two-step verification" view (docs/product.md#two-step-verification): after
 * the password (or Google) a session at aal1 needs the code of the user's authenticator app, or
 * one of their recovery codes. Success ends like a sign-in (the page reloads at home, 'Welcome
 * back!'), except on the reset-password page, whose form the verified session now may use.
 * Cancel signs the half-made session out.
 */
export default function MfaStepView({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const recovering = usePasswordRecovery()
  const [mode, setMode] = useState<'app' | 'recovery'>('app')
  const [leaving, setLeaving] = useState(false)

  const verified = () => {
    onDone()
    if (!recovering) reloadWithFlash(localizedPath('/', lang), 'welcome_back')
  }

  const cancel = async () => {
    setLeaving(true)
    try {
      // auth-js clears the local session whatever the server answers (docs/product.md#sign-out).
      await (await loadAuthClient()).signOut({ scope: 'local' })
    } catch {
      // Nothing to sign out, or the client could not load: the dialog closes all the same.
    } finally {
      onDone()
    }
  }

  return (
    <div className="space-y-4">
      {/* Keyed: switching remounts the form, which then takes the focus. */}
      {mode === 'app' ? <TotpStepForm key="app" onVerified={verified} /> : <RecoveryStepForm key="recovery" onVerified={verified} />}
      <p className="text-center text-sm">
        <button type="button" className="link-button" onClick={() => setMode(mode === 'app' ? 'recovery' : 'app')}>
          {mode === 'app' ? t('mfa.useRecovery') : t('mfa.useApp')}
        </button>
      </p>
      <button type="button" disabled={leaving} onClick={cancel} className={`${buttonStyles.secondary} w-full`}>
        {leaving ? t('mfa.cancelling') : t('mfa.cancel')}
      </button>
    </div>
  )
}
