import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage, TextField } from '../../../../components/ui/Field'
import { useLang } from '../../../../i18n/use-lang'
import { useAuth } from '../../hooks/use-auth'
import { useEmailChange } from '../../hooks/use-email-change'

/** The new address; a new round (after a success) starts it empty. */
function NewEmailForm({ change }: { change: ReturnType<typeof useEmailChange> }) {
  const { t } = useTranslation('auth')
  const [typed, setTyped] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const { problem } = change

  // A refused address takes the visitor back to it.
  useEffect(() => {
    if (problem?.field) formRef.current?.querySelector<HTMLInputElement>('input[name="new-email"]')?.focus()
  }, [problem])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void change.submit(typed)
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-4">
      <TextField
        label={t('account.emailChange.label')}
        hint={t('account.emailChange.hint')}
        type="email"
        name="new-email"
        autoComplete="email"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        state={problem?.field ? { invalid: true, error: t(problem.key) } : undefined}
      />
      <FormMessage tone="error">{problem && !problem.field ? t(problem.key) : null}</FormMessage>
      <button type="submit" disabled={change.busy} className={buttonStyles.primary}>
        {change.busy ? t('account.emailChange.sending') : t('account.emailChange.submit')}
      </button>
    </form>
  )
}

/**
 * The account page's 'E-mail address' section: the current address, the one waiting for
 * confirmation (the user's `new_email`) and a field for a new one.
 */
export function EmailChangeSection() {
  const { t } = useTranslation('auth')
  const { user } = useAuth()
  const email = user?.email ?? ''
  const change = useEmailChange(email, useLang())
  const headingId = useId()
  // auth-js puts PUT /user's answer into the session (USER_UPDATED); the request's own answer
  // stands in until then. A change that has happened meanwhile waits for nothing.
  const requested = change.sent?.newEmail
  const pending = user?.new_email || (requested && requested !== email ? requested : null)

  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="text-2xl font-semibold">
        {t('account.emailChange.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('account.emailChange.current', { email })}</p>
      <output className="block">
        {pending && (
          <span className="form-success mt-4 block space-y-1">
            <span className="block">{t('account.emailChange.pending', { newEmail: pending })}</span>
            <span className="block font-normal">
              {change.sent ? t('account.emailChange.sent', change.sent) : t('account.emailChange.pendingHint')}
            </span>
          </span>
        )}
      </output>
      <NewEmailForm key={change.round} change={change} />
    </section>
  )
}
