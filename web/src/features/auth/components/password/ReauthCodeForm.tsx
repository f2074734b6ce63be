import { useEffect, useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { useFormFields } from '../../hooks/use-form-issues'
import type { usePasswordChange } from '../../hooks/use-password-change'
import { reauthCodeDigits, validateReauthCode } from '../../validation'
import { FormMessage, TextField } from '../../../../components/ui/Field'

interface Props {
  email: string
  change: ReturnType<typeof usePasswordChange>
}

function focusCode(form: HTMLFormElement | null): void {
  const input = form?.querySelector<HTMLInputElement>('input[name="code"]')
  input?.focus()
  input?.select()
}

/**
 * The second step, when the session signed in too long ago: the code the server mailed
 * (docs/auth-api.md#password-change), a new code on request, or back to the password.
 */
export function ReauthCodeForm({ email, change }: Props) {
  const { t } = useTranslation('auth')
  const { problem, busy, news } = change
  const resent = news === 'codeResent'
  const { values, bind, formRef, check } = useFormFields<'code'>({ code: '' })
  const sentId = useId()
  const code = bind('code')
  const codeProblem = problem?.field === 'code' ? t(`errors.${problem.key}`) : undefined

  // On arrival and after a refused code, the field is where the visitor types next.
  useEffect(() => focusCode(formRef.current), [formRef])
  useEffect(() => {
    if (problem?.field === 'code') focusCode(formRef.current)
  }, [problem, formRef])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateReauthCode(values.code))) return
    void change.submitCode(values.code)
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-4">
      <p id={sentId} className="text-ocean-900">
        {resent ? t('account.password.code.resent', { email }) : t('account.password.code.sent', { email })}
      </p>
      {/* Said as it happens; the paragraph above, which describes the field, is no live region
          (Chromium gives an <output> no text as a description). */}
      <output className="sr-only">{resent ? t('account.password.code.resent', { email }) : ''}</output>
      <TextField
        label={t('account.password.code.label')}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        {...code}
        onChange={(event) => code.onChange({ target: { value: reauthCodeDigits(event.target.value) } })}
        state={codeProblem ? { invalid: true, error: codeProblem, describedBy: sentId } : { ...code.state, describedBy: sentId }}
      />
      <FormMessage tone="error">{problem && problem.field === null ? t(`errors.${problem.key}`) : null}</FormMessage>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy !== null} className={buttonStyles.primary}>
          {busy === 'change' ? t('account.password.code.checking') : t('account.password.code.submit')}
        </button>
        <button type="button" disabled={busy !== null} className={buttonStyles.secondary} onClick={() => void change.resendCode()}>
          {busy === 'resend' ? t('account.password.code.sending') : t('account.password.code.resend')}
        </button>
        <button type="button" disabled={busy !== null} className="link-button" onClick={change.back}>
          {t('account.password.code.back')}
        </button>
      </div>
    </form>
  )
}
