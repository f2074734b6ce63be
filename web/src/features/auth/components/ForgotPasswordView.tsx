import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useLang } from '../../../i18n/use-lang'
import { siteUrl } from '../api/redirects'
import { useAuthAction } from '../hooks/use-auth-action'
import { useFormIssues } from '../hooks/use-form-issues'
import type { LoginView } from '../login-dialog-store'
import { validateEmailOnly } from '../validation'
import { FormMessage, TextField } from '../../../components/ui/Field'

/**
 * "Forgot password?": sends the recovery e-mail, whose link opens the
 * reset-password page. The answer is the same whether or not the address has
 * an account (the server does not tell either).
 */
export function ForgotPasswordView({ initialEmail, onView }: { initialEmail: string; onView: (view: LoginView) => void }) {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const [email, setEmail] = useState(initialEmail)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { formRef, formMessageId, formMessage, field, check } = useFormIssues<'email'>()
  const { busy, error, run } = useAuthAction('recover')
  const doneRef = useRef<HTMLButtonElement>(null)
  // The form is gone once sent: focus moves to the way on instead of falling to the page.
  useEffect(() => {
    if (sentTo) doneRef.current?.focus()
  }, [sentTo])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateEmailOnly(email))) return
    const address = email.trim()
    const ok = await run((client) => client.resetPasswordForEmail(address, { redirectTo: siteUrl('/reset-password', lang) }))
    if (ok) setSentTo(address)
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">{t('forgot.sent', { email: sentTo })}</FormMessage>
        <button ref={doneRef} type="button" className={`${buttonStyles.secondary} w-full`} onClick={() => onView('signin')}>
          {t('forgot.backToSignIn')}
        </button>
      </div>
    )
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm leading-relaxed text-slate-600">{t('forgot.intro')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        data-autofocus
        name="email"
        value={email}
        state={field('email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormMessage id={formMessageId} tone="error">
        {formMessage}
      </FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('forgot.busy') : t('forgot.submit')}
      </button>
    </form>
  )
}
