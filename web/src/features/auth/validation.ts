import { DEFAULT_LIMITS } from '../../lib/config'
import { isEmailShaped } from '../../lib/email'

/**
 * The account forms' rules (docs/product.md#sign-up, #sign-in), as data: each problem names its message (a key
 * of the `auth` namespace) and the fields it concerns, so the form can tie the
 * message to those inputs. The server checks again; these only save a trip.
 */

export type ValidationMessage =
  | 'complete_all_fields'
  | 'invalid_email'
  | 'emails_dont_match'
  | 'password_min_length'
  | 'passwords_dont_match'
  | 'code_required'
  | 'code_format'
  | 'mfa_code_required'
  | 'recovery_code_required'

export interface ValidationIssue<Field extends string> {
  message: ValidationMessage
  fields: Field[]
}

export interface SignUpValues {
  firstName: string
  lastName: string
  country: string
  email: string
  confirmEmail: string
  password: string
}
export type SignUpField = keyof SignUpValues

export interface SignInValues {
  email: string
  password: string
}
export type SignInField = keyof SignInValues

export interface NewPasswordValues {
  password: string
  confirmPassword: string
}
export type NewPasswordField = keyof NewPasswordValues

export { isEmailShaped }

/** Passwords are kept as typed (spaces count); every other field is trimmed. */
function emptyFields<Field extends string>(values: Record<Field, string>, untrimmed: Field[] = []): Field[] {
  return (Object.keys(values) as Field[]).filter((field) =>
    untrimmed.includes(field) ? values[field] === '' : values[field].trim() === '',
  )
}

/**
 * A missing field hides every other problem ('Please complete all fields');
 * otherwise every problem shows at once, each beside its own field.
 */
/** `passwordMin`: `limits.passwordMinLength` of the config block (useConfig). */
export function validateSignUp(values: SignUpValues, passwordMin = DEFAULT_LIMITS.passwordMinLength): ValidationIssue<SignUpField>[] {
  const empty = emptyFields(values, ['password'])
  if (empty.length > 0) return [{ message: 'complete_all_fields', fields: empty }]
  const issues: ValidationIssue<SignUpField>[] = []
  if (!isEmailShaped(values.email)) issues.push({ message: 'invalid_email', fields: ['email'] })
  // Addresses are compared the way mail servers treat them in practice: case does not matter.
  else if (values.email.trim().toLowerCase() !== values.confirmEmail.trim().toLowerCase()) {
    issues.push({ message: 'emails_dont_match', fields: ['confirmEmail'] })
  }
  if (values.password.length < passwordMin) issues.push({ message: 'password_min_length', fields: ['password'] })
  return issues
}

export function validateSignIn(values: SignInValues): ValidationIssue<SignInField>[] {
  const empty = emptyFields(values, ['password'])
  return empty.length > 0 ? [{ message: 'complete_all_fields', fields: empty }] : []
}

export function validateEmailOnly(email: string): ValidationIssue<'email'>[] {
  if (email.trim() === '') return [{ message: 'complete_all_fields', fields: ['email'] }]
  return isEmailShaped(email) ? [] : [{ message: 'invalid_email', fields: ['email'] }]
}

export function validateNewPassword(values: NewPasswordValues, passwordMin = DEFAULT_LIMITS.passwordMinLength): ValidationIssue<NewPasswordField>[] {
  const empty = emptyFields(values, ['password', 'confirmPassword'])
  if (empty.length > 0) return [{ message: 'complete_all_fields', fields: empty }]
  if (values.password.length < passwordMin) return [{ message: 'password_min_length', fields: ['password'] }]
  if (values.password !== values.confirmPassword) return [{ message: 'passwords_dont_match', fields: ['confirmPassword'] }]
  return []
}

/** The length of the codes the server mails (server/src/auth/secrets.rs, `otp_code`). */
export const REAUTH_CODE_LENGTH = 6

/** What the code field keeps of what is typed or pasted ("123 456", "123-456"): its digits. */
export function reauthCodeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, REAUTH_CODE_LENGTH)
}

/** The e-mailed code that confirms a password change: six digits. */
export function validateReauthCode(code: string): ValidationIssue<'code'>[] {
  if (code === '') return [{ message: 'code_required', fields: ['code'] }]
  return code.length === REAUTH_CODE_LENGTH ? [] : [{ message: 'code_format', fields: ['code'] }]
}

/** A code from an authenticator app (RFC 6238 as the server checks it): six digits. */
export function validateTotpCode(code: string): ValidationIssue<'code'>[] {
  if (code === '') return [{ message: 'mfa_code_required', fields: ['code'] }]
  return code.length === REAUTH_CODE_LENGTH ? [] : [{ message: 'code_format', fields: ['code'] }]
}

/**
 * A recovery code as the visitor typed or pasted it: spaces anywhere dropped (a copied list
 * may carry them); its letters, digits and dash are the server's to judge.
 */
export function recoveryCodeOf(typed: string): string {
  return typed.replace(/\s+/g, '')
}

export function validateRecoveryCode(code: string): ValidationIssue<'code'>[] {
  return recoveryCodeOf(code) === '' ? [{ message: 'recovery_code_required', fields: ['code'] }] : []
}
