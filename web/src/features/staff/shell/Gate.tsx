import type { Session } from '@supabase/auth-js'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { openLoginDialog } from '../../auth/login-dialog-store'
import { codeOf, useErrorText } from '../errors'

/** The console's door: one card with a heading, why, and the way on. */
function Door({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <section aria-labelledby="staff-door" className="card text-center">
        <h1 id="staff-door" className="text-3xl font-semibold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  )
}

/** While the session, then /staff/me, are read. */
export function Pending() {
  const { t } = useTranslation('staff')
  return (
    <output className="mx-auto block max-w-xl px-4 py-16 motion-safe:animate-pulse">
      <span className="sr-only">{t('gate.checking')}</span>
      <span aria-hidden="true" className="block h-40 rounded-3xl bg-sand-200" />
    </output>
  )
}

function SignInButton({ view = 'signin', label }: { view?: 'signin' | 'mfa'; label: string }) {
  return (
    <button type="button" aria-haspopup="dialog" onClick={() => openLoginDialog(view)} className={`${buttonStyles.primary} mt-6`}>
      {label}
    </button>
  )
}

export function SignedOut() {
  const { t } = useTranslation('staff')
  return (
    <Door title={t('gate.signInTitle')}>
      <p className="mt-3 leading-relaxed text-slate-600">{t('gate.signInText')}</p>
      <SignInButton label={t('gate.signIn')} />
    </Door>
  )
}

const SIGNED_OUT_CODES = ['no_authorization', 'bad_jwt', 'session_not_found', 'session_expired']

interface ProblemProps {
  error: unknown
  session: Session
  onRetry: () => void
}

/** /staff/me refused: not on the team, the two-step code still owed, signed out meanwhile, or a failure. */
export function GateProblem({ error, session, onRetry }: ProblemProps) {
  const { t } = useTranslation('staff')
  const errorText = useErrorText()
  const code = codeOf(error)
  if (code && SIGNED_OUT_CODES.includes(code)) return <SignedOut />
  if (code === 'not_staff') {
    return (
      <Door title={t('gate.notStaffTitle')}>
        <p className="mt-3 leading-relaxed text-slate-600">{t('gate.notStaffText')}</p>
        <LocalizedLink to="/" className={`${buttonStyles.secondary} mt-6`}>
          {t('gate.home')}
        </LocalizedLink>
      </Door>
    )
  }
  if (code === 'insufficient_aal') {
    // A user with an authenticator gives its code in the login dialog; one without sets it up first.
    const hasFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified')
    return (
      <Door title={t('gate.aalTitle')}>
        <p className="mt-3 leading-relaxed text-slate-600">{hasFactor ? t('gate.aalText') : t('gate.aalSetUpText')}</p>
        {hasFactor ? (
          <SignInButton view="mfa" label={t('gate.aalAction')} />
        ) : (
          <LocalizedLink to="/account" className={`${buttonStyles.primary} mt-6`}>
            {t('gate.aalSetUp')}
          </LocalizedLink>
        )}
      </Door>
    )
  }
  return (
    <Door title={t('gate.failedTitle')}>
      <p role="alert" className="form-error mt-3">
        {errorText(error)}
      </p>
      <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-6`}>
        {t('common.retry')}
      </button>
    </Door>
  )
}
