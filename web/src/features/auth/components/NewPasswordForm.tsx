import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfig } from '../../../lib/config-context'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useAuthAction } from '../hooks/use-auth-action'
import { useFormFields } from '../hooks/use-form-issues'
import { validateNewPassword, type NewPasswordField } from '../validation'
import { FormMessage } from '../../../components/ui/Field'
import { NewPasswordFields } from './NewPasswordFields'

/** Sets the password of the session the recovery link opened (PUT /auth/v1/user). */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth')
  const passwordMin = useConfig().limits.passwordMinLength
  const { values, bind, formRef, formMessageId, formMessage, check } = useFormFields<NewPasswordField>({ password: '', confirmPassword: '' })
  const { busy, error, run } = useAuthAction('updatePassword')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateNewPassword(values, passwordMin))) return
    if (await run((client) => client.updateUser({ password: values.password }))) onDone()
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <NewPasswordFields bind={bind} />
      <FormMessage id={formMessageId} tone="error">
        {formMessage}
      </FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? t('reset.busy') : t('reset.submit')}
      </button>
    </form>
  )
}
