import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfig } from '../../../lib/config-context'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useLang } from '../../../i18n/use-lang'
import { showToast } from '../../toasts/toast-store'
import { siteUrl } from '../api/redirects'
import { useAuthAction } from '../hooks/use-auth-action'
import { useFormFields } from '../hooks/use-form-issues'
import type { LoginView } from '../login-dialog-store'
import { validateSignUp, type SignUpField, type SignUpValues } from '../validation'
import { CountrySelect } from './CountrySelect'
import { FormMessage, TextField } from '../../../components/ui/Field'

const EMPTY: SignUpValues = { firstName: '', lastName: '', country: '', email: '', confirmEmail: '', password: '' }

/** The sign-up form (docs/product.md#sign-up); on success the dialog closes and a toast asks to confirm the e-mail. */
export function SignUpView({ onView, onDone }: { onView: (view: LoginView) => void; onDone: () => void }) {
  const { t } = useTranslation('auth')
  const passwordMin = useConfig().limits.passwordMinLength
  const lang = useLang()
  const { values, bind, formRef, formMessageId, formMessage, check } = useFormFields<SignUpField>(EMPTY)
  const { busy, error, run } = useAuthAction('signup')


  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateSignUp(values, passwordMin))) return
    let signedIn = false
    const ok = await run(async (client) => {
      const { data, error: failure } = await client.signUp({
        email: values.email.trim(),
        password: values.password,
        options: {
          emailRedirectTo: siteUrl('/', lang),
          // `lang` makes the confirmation e-mail (and later ones) come in the visitor's language.
          data: { first_name: values.firstName.trim(), last_name: values.lastName.trim(), country: values.country, lang },
        },
      })
      signedIn = Boolean(data.session)
      return { error: failure }
    })
    if (!ok) return
    onDone()
    // With e-mail confirmation off (AUTH_AUTOCONFIRM) the account is ready at once: no e-mail to check.
    showToast({ tone: 'success', title: t('account_created'), description: signedIn ? undefined : t('check_email') })
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} autoComplete="given-name" data-autofocus {...bind('firstName')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" {...bind('lastName')} />
      </div>
      <CountrySelect {...bind('country')} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" {...bind('email')} />
      <TextField label={t('fields.confirmEmail')} type="email" autoComplete="email" {...bind('confirmEmail')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('password_requirements')}
        {...bind('password')}
      />
      <FormMessage id={formMessageId} tone="error">
        {formMessage}
      </FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('signup.busy') : t('signup.submit')}
      </button>
      <p className="text-center text-sm">
        {t('options.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => onView('signin')}>
          {t('options.signIn')}
        </button>
      </p>
    </form>
  )
}
