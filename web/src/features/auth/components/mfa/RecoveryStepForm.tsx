import { useEffect, useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage } from '../../../../components/ui/Field'
import { verifyRecoveryCode } from '../../api/recovery-codes'
import { useCodeAttempt } from '../../hooks/use-code-attempt'
import { useFormFields } from '../../hooks/use-form-issues'
import { recoveryCodeOf, validateRecoveryCode } from '../../validation'
import { focusCode, TotpCodeField } from './TotpCodeField'

/**
 * The second step with a recovery code instead of the app: our endpoint checks it and answers
 * an aal2 session, which auth-js then keeps (setSession) as if it had made it.
 */
export function RecoveryStepForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('auth')
  const { busy, problem, run } = useCodeAttempt('recoveryCode')
  const { values, bind, formRef, check } = useFormFields<'code'>({ code: '' })
  const introId = useId()
  const problemId = useId()

  useEffect(() => focusCode(formRef.current), [formRef])
  useEffect(() => {
    if (problem?.field === 'code') focusCode(formRef.current)
  }, [problem, formRef])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateRecoveryCode(values.code))) return
    const done = await run(async (client) => {
      const token = (await client.getSession()).data.session?.access_token
      if (!token) return { name: 'AuthSessionMissingError' }
      const session = await verifyRecoveryCode(token, recoveryCodeOf(values.code))
      const { error } = await client.setSession({ access_token: session.access_token, refresh_token: session.refresh_token })
      return error
    })
    if (done) onVerified()
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <p id={introId} className="text-sm leading-relaxed text-slate-600">
        {t('mfa.recoveryIntro')}
      </p>
      <TotpCodeField
        kind="recovery"
        label={t('mfa.recoveryLabel')}
        field={bind('code')}
        describedBy={introId}
        problemId={problem?.field === 'code' ? problemId : undefined}
        data-autofocus
      />
      <FormMessage id={problemId} tone="error">
        {problem ? t(`errors.${problem.key}`) : null}
      </FormMessage>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('mfa.busy') : t('mfa.submit')}
      </button>
    </form>
  )
}
