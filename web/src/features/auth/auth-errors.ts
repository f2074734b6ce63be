/**
 * Server errors shown in the page's language. The auth service answers with
 * GoTrue's error codes (docs/auth-api.md#errors) and English
 * messages; the visitor reads our translation of the code instead, and an
 * unknown code gets the action's general message (docs/product.md#messages: 'Error al crear la
 * cuenta', 'Error al iniciar sesión').
 */

/** What the visitor was doing: picks the general message when the code is unknown. */
export type AuthAction = 'signup' | 'signin' | 'recover' | 'updatePassword' | 'reauthenticate' | 'signout' | 'link' | 'profile'

const FALLBACKS = {
  signup: 'signup_failed',
  signin: 'signin_failed',
  recover: 'recover_failed',
  updatePassword: 'update_password_failed',
  reauthenticate: 'reauthenticate_failed',
  signout: 'signout_failed',
  link: 'link_failed',
  profile: 'profile_failed',
} as const satisfies Record<AuthAction, string>

// Codes that mean the same thing to the visitor share one message.
const BY_CODE = {
  invalid_credentials: 'invalid_credentials',
  email_not_confirmed: 'email_not_confirmed',
  user_already_exists: 'user_already_exists',
  email_exists: 'user_already_exists',
  weak_password: 'weak_password',
  same_password: 'same_password',
  reauthentication_not_valid: 'reauthentication_not_valid',
  over_request_rate_limit: 'over_request_rate_limit',
  over_email_send_rate_limit: 'over_email_send_rate_limit',
  validation_failed: 'validation_failed',
  email_address_invalid: 'email_address_invalid',
  signup_disabled: 'signup_disabled',
  email_provider_disabled: 'provider_disabled',
  provider_disabled: 'provider_disabled',
  user_banned: 'user_banned',
  otp_expired: 'otp_expired',
  flow_state_expired: 'otp_expired',
  flow_state_not_found: 'otp_expired',
  session_not_found: 'session_expired',
  session_expired: 'session_expired',
  refresh_token_not_found: 'session_expired',
  refresh_token_already_used: 'session_expired',
  bad_jwt: 'session_expired',
  no_authorization: 'session_expired',
  request_timeout: 'request_timeout',
} as const

export type AuthErrorKey = (typeof FALLBACKS)[AuthAction] | (typeof BY_CODE)[keyof typeof BY_CODE] | 'network'

/** The shape shared by auth-js errors and our own API errors. */
export interface ErrorLike {
  code?: string | undefined
  status?: number | undefined
  name?: string | undefined
}

function hasKey(code: string): code is keyof typeof BY_CODE {
  return Object.hasOwn(BY_CODE, code)
}

/** The `auth:errors.*` key for an error the auth service (or the network) gave. */
export function authErrorKey(error: ErrorLike | null | undefined, action: AuthAction): AuthErrorKey {
  const code = error?.code
  if (code && hasKey(code)) return BY_CODE[code]
  // auth-js reports a failed fetch as a retryable error with status 0.
  if (error?.name === 'AuthRetryableFetchError' && !error.status) return 'network'
  if (error?.name === 'AuthSessionMissingError') return 'session_expired'
  return FALLBACKS[action]
}
