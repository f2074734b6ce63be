import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage, TextField } from '../../../components/ui/Field'
import { useAuth } from '../../auth/hooks/use-auth'
import { useFocusOnMount } from '../../auth/hooks/use-focus-on-mount'
import { reauthCodeDigits, validateReauthCode } from '../../auth/validation'
import { useAccountDeletion } from './use-account-deletion'

function focusField(form: HTMLFormElement | null, name: string): void {
  const input = form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
  input?.focus()
  input?.select()
}

/**
 * The confirmation: what is deleted and what is kept, then the password — or, for an account
 * without one, the code mailed on request. Its heading takes the focus when it opens.
 */
export function DeletePanel({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const email = useAuth().user?.email ?? ''
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const formRef = useRef<HTMLFormElement>(null)
  const deletion = useAccountDeletion()
  const { step, busy, problem } = deletion
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  // What the browser found wrong before sending (empty, or not six digits).
  const [invalid, setInvalid] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const instructionsId = useId()
  const field = step.name
  const fieldProblem = invalid ?? (problem?.field === field ? problem.text : null)

  // Another step, or a failed check: the field is where the visitor types next. (On opening,
  // the heading has the focus, so the explanation is read first.)
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current !== step || attempt > 0) focusField(formRef.current, field)
    shownStep.current = step
  }, [attempt, step, field])
  useEffect(() => {
    if (problem?.field) focusField(formRef.current, problem.field)
  }, [problem])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found =
      field === 'password'
        ? password === ''
          ? t('delete.passwordRequired')
          : null
        : (validateReauthCode(code).map((issue) => auth(issue.message))[0] ?? null)
    setInvalid(found)
    if (found) {
      setAttempt((n) => n + 1)
      return
    }
    void deletion.confirm(field === 'password' ? password : code)
  }

  const fieldState = { invalid: Boolean(fieldProblem), error: fieldProblem ?? undefined, describedBy: instructionsId }
  const switchTo = (next: () => void) => {
    setInvalid(null)
    next()
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-4 border-t border-sand-200 pt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('delete.panelHeading')}
      </h3>
      <div className="space-y-3 text-sm leading-relaxed text-slate-600">
        <h4 className="font-semibold text-ocean-900">{t('delete.deletedTitle')}</h4>
        <p>{t('delete.deleted')}</p>
        <h4 className="font-semibold text-ocean-900">{t('delete.keptTitle')}</h4>
        <p>{t('delete.kept')}</p>
        <p>{t('delete.mail', { email })}</p>
      </div>
      {/* Tells password managers which account the password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {step.name === 'password' ? (
        <>
          <p id={instructionsId} className="text-ocean-900">
            {t('delete.passwordIntro')}
          </p>
          <TextField
            label={t('delete.passwordLabel')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            state={fieldState}
          />
          <button type="button" disabled={busy !== null} className="link-button text-sm" onClick={() => switchTo(() => void deletion.sendCode())}>
            {busy === 'code' ? t('delete.sendingCode') : t('delete.noPassword')}
          </button>
        </>
      ) : (
        <>
          <p id={instructionsId} className="text-ocean-900">
            {step.resent ? t('delete.codeResent', { email }) : t('delete.codeSent', { email })}
          </p>
          <output className="sr-only">{step.resent ? t('delete.codeResent', { email }) : ''}</output>
          <TextField
            label={t('delete.codeLabel')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(reauthCodeDigits(event.target.value))}
            state={fieldState}
          />
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <button type="button" disabled={busy !== null} className="link-button" onClick={() => switchTo(() => void deletion.sendCode())}>
              {busy === 'code' ? t('delete.sendingCode') : t('delete.resend')}
            </button>
            <button type="button" disabled={busy !== null} className="link-button" onClick={() => switchTo(deletion.backToPassword)}>
              {t('delete.usePassword')}
            </button>
          </div>
        </>
      )}
      <FormMessage tone="error">
        {problem && problem.field !== field ? problem.text : null}
      </FormMessage>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy !== null} className={buttonStyles.primary}>
          {busy === 'delete' ? t('delete.deleting') : t('delete.submit')}
        </button>
        <button type="button" disabled={busy !== null} onClick={onCancel} className={buttonStyles.secondary}>
          {t('delete.cancel')}
        </button>
      </div>
    </form>
  )
}
