import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import type { loadAuthClient } from '../api/client-loader'
import { reloadWithFlash } from '../flash'
import { useAuthAction } from '../hooks/use-auth-action'
import { useFormFields } from '../hooks/use-form-issues'
import type { LoginView } from '../login-dialog-store'
import { validateSignIn, type SignInField } from '../validation'
import { FormMessage, TextField } from '../../../components/ui/Field'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

/** Whether the new session is at aal1 while the user has a verified factor (it then needs the code). */
async function needsSecondStep(client: Client): Promise<boolean> {
  try {
    const { data } = await client.mfa.getAuthenticatorAssuranceLevel()
    return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2'
  } catch {
    // Unknown: the page reloads as usual, and asks for the step there if it is due.
    return false
  }
}

interface Props {
  onView: (view: LoginView) => void
  onDone: () => void
  /** Carried to the "Forgot password?" view, so the visitor need not type it twice. */
  onEmail: (email: string) => void
}

/**
 * Sign-in (docs/product.md#sign-in): on success the dialog closes and the page reloads at home, saying 'Welcome back!';
 * a user with two-step verification is asked for the code first (the `mfa` view).
 */
export function SignInView({ onView, onDone, onEmail }: Props) {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const { values, bind, formRef, formMessageId, formMessage, check } = useFormFields<SignInField>({ email: '', password: '' })
  const { busy, error, run } = useAuthAction('signin')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateSignIn(values))) return
    let secondStep = false
    const ok = await run(async (client) => {
      const answer = await client.signInWithPassword({ email: values.email.trim(), password: values.password })
      if (!answer.error) secondStep = await needsSecondStep(client)
      return answer
    })
    if (!ok) return
    if (secondStep) return onView('mfa')
    onDone()
    reloadWithFlash(localizedPath('/', lang), 'welcome_back')
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <TextField label={t('fields.email')} type="email" autoComplete="email" data-autofocus {...bind('email')} />
      <TextField label={t('fields.password')} type="password" autoComplete="current-password" {...bind('password')} />
      <p className="-mt-2 text-right text-sm">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onEmail(values.email.trim())
            onView('forgot')
          }}
        >
          {t('signin.forgot')}
        </button>
      </p>
      <FormMessage id={formMessageId} tone="error">
        {formMessage}
      </FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('signin.busy') : t('signin.submit')}
      </button>
      <p className="text-center text-sm">
        {t('signin.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => onView('signup')}>
          {t('signin.createOne')}
        </button>
      </p>
    </form>
  )
}
