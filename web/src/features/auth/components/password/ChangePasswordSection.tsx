import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../hooks/use-auth'
import { usePasswordChange } from '../../hooks/use-password-change'
import { ChangePasswordForm } from './ChangePasswordForm'
import { ReauthCodeForm } from './ReauthCodeForm'

/**
 * The account page's password section (issue 10): a new password, and when the server asks
 * for it, the e-mailed code that confirms the change. The outcome is announced and takes focus,
 * since the form it came from is emptied or gone.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation('auth')
  const { user } = useAuth()
  const change = usePasswordChange()
  const email = user?.email ?? ''
  const changed = change.news === 'changed'
  const outcomeRef = useRef<HTMLOutputElement>(null)

  useEffect(() => {
    if (changed) outcomeRef.current?.focus()
  }, [changed])

  return (
    <section aria-labelledby="password-heading" className="card">
      <h2 id="password-heading" className="text-2xl font-semibold">
        {t('account.password.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('account.password.intro')}</p>
      <output ref={outcomeRef} tabIndex={-1} className={changed ? 'form-success mt-6 block focus:outline-none' : 'sr-only'}>
        {changed ? t('account.password.changed') : ''}
      </output>
      {change.step.name === 'code' ? (
        <ReauthCodeForm email={email} change={change} />
      ) : (
        <ChangePasswordForm key={change.round} email={email} change={change} />
      )}
    </section>
  )
}
