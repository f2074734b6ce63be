import { useTranslation } from 'react-i18next'
import type { BoundField } from '../hooks/use-form-issues'
import type { NewPasswordField } from '../validation'
import { TextField } from '../../../components/ui/Field'

interface Props {
  bind: (name: NewPasswordField) => BoundField<NewPasswordField>
  /** The server's objection to the password itself (too weak, the current one), shown under it. */
  passwordProblem?: string | undefined
}

/**
 * A new password and its confirmation, as the reset-password page and the account page ask
 * for them; `validateNewPassword` holds their rules.
 */
export function NewPasswordFields({ bind, passwordProblem }: Props) {
  const { t } = useTranslation('auth')
  const password = bind('password')
  return (
    <>
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('password_requirements')}
        {...password}
        state={passwordProblem ? { invalid: true, error: passwordProblem } : password.state}
      />
      <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...bind('confirmPassword')} />
    </>
  )
}
