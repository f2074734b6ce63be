import { useEffect, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfig } from '../../../../lib/config-context'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { useFormFields } from '../../hooks/use-form-issues'
import type { usePasswordChange } from '../../hooks/use-password-change'
import { validateNewPassword, type NewPasswordField } from '../../validation'
import { FormMessage } from '../../../../components/ui/Field'
import { NewPasswordFields } from '../NewPasswordFields'

interface Props {
  email: string
  change: ReturnType<typeof usePasswordChange>
}

function focusPassword(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLInputElement>('input[name="password"]')?.focus()
}

/** The first step: the new password twice, with the reset page's rules and messages. */
export function ChangePasswordForm({ email, change }: Props) {
  const { t } = useTranslation('auth')
  const passwordMin = useConfig().limits.passwordMinLength
  const { step, problem, busy } = change
  // Back from the code step, the form shows what was typed before.
  const typed = step.name === 'password' ? step.typed : ''
  const { values, bind, formRef, formMessageId, formMessage, check } = useFormFields<NewPasswordField>({
    password: typed,
    confirmPassword: typed,
  })
  const returning = typed !== ''

  useEffect(() => {
    if (returning) focusPassword(formRef.current)
  }, [returning, formRef])
  useEffect(() => {
    if (problem?.field === 'password') focusPassword(formRef.current)
  }, [problem, formRef])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateNewPassword(values, passwordMin))) return
    void change.submitPassword(values.password)
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-4">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields bind={bind} passwordProblem={problem?.field === 'password' ? t(`errors.${problem.key}`) : undefined} />
      <FormMessage id={formMessageId} tone="error">
        {formMessage}
      </FormMessage>
      <FormMessage tone="error">{problem && problem.field === null ? t(`errors.${problem.key}`) : null}</FormMessage>
      <button type="submit" disabled={busy !== null} className={buttonStyles.primary}>
        {busy ? t('account.password.saving') : t('account.password.submit')}
      </button>
    </form>
  )
}
