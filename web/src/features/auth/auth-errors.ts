/**
 * Server errors shown in the page's language. The auth service answers with
 * GoTrue's error codes (docs/auth-api.md#errors) and English
 * messages; the visitor reads our translation of the code instead, and an
 * unknown code gets the action's general message (docs/product.md#messages: 'Error al crear la
 * cuenta', 'Error al iniciar sesión').
 */

/** What the visitor was doing: picks the general message when the code is unknown. */
export type AuthAction =
  | 'signup'
  | 'signin'
  | 'recover'
  | 'updatePassword'
  | 'reauthenticate'
  | 'signout'
  | 'link'
  | 'profile'
  // Two-step verification: a code from the app, a recovery code, and the account page's settings.
  | 'mfa'
  | 'recoveryCode'
  | 'mfaLoad'
  | 'mfaSetup'
  | 'mfaRemove'
  | 'recoveryCodes'
  // The account page: the other devices signed out at once, the connected accounts.
  | 'signoutOthers'
  | 'identities'
  | 'linkIdentity'
  | 'unlinkIdentity'

const FALLBACKS = {
  signup: 'signup_failed',
  signin: 'signin_failed',
  recover: 'recover_failed',
  updatePassword: 'update_password_failed',
  reauthenticate: 'reauthenticate_failed',
  signout: 'signout_failed',
  link: 'link_failed',
  profile: 'profile_failed',
  mfa: 'mfa_failed',
  recoveryCode: 'recovery_code_failed',
  mfaLoad: 'mfa_load_failed',
  mfaSetup: 'mfa_setup_failed',
  mfaRemove: 'mfa_remove_failed',
  recoveryCodes: 'recovery_codes_failed',
  signoutOthers: 'signout_others_failed',
  identities: 'identities_failed',
  linkIdentity: 'link_identity_failed',
  unlinkIdentity: 'unlink_identity_failed',
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
  mfa_verification_failed: 'mfa_verification_failed',
  // A challenge that is gone is, to the visitor, one that took too long.
  mfa_challenge_expired: 'mfa_challenge_expired',
  mfa_ip_address_mismatch: 'mfa_challenge_expired',
  mfa_factor_not_found: 'mfa_factor_not_found',
  too_many_enrolled_mfa_factors: 'too_many_enrolled_mfa_factors',
  insufficient_aal: 'insufficient_aal',
  // Google: linking while signed in, unlinking, and the way back from Google (the address's
  // `error_code`, said by announce.ts). docs/decisions/012-accounts-complete.md § Google.
  manual_linking_disabled: 'manual_linking_disabled',
  single_identity_not_deletable: 'single_identity_not_deletable',
  identity_already_exists: 'identity_already_exists',
  identity_not_found: 'identity_not_found',
  provider_email_needs_verification: 'provider_email_needs_verification',
  bad_oauth_state: 'bad_oauth_state',
  bad_oauth_callback: 'bad_oauth_callback',
  // What lib/api-client says when the recovery-code endpoints could not be reached.
  network: 'network',
} as const

export type AuthErrorKey = (typeof FALLBACKS)[AuthAction] | (typeof BY_CODE)[keyof typeof BY_CODE] | 'network' | 'recovery_code_invalid'

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
  // Our recovery-code endpoint answers a wrong or used code with the TOTP code's error code.
  if (action === 'recoveryCode' && error?.code === 'mfa_verification_failed') return 'recovery_code_invalid'
  return knownAuthErrorKey(error) ?? FALLBACKS[action]
}

/**
 * The `auth:errors.*` key of an error this file knows (its code, a failed fetch, a missing
 * session), or null: for a form that says its own general message (account.photo, account.emailChange).
 */
export function knownAuthErrorKey(error: ErrorLike | null | undefined): AuthErrorKey | null {
  const code = error?.code
  if (code && hasKey(code)) return BY_CODE[code]
  // auth-js reports a failed fetch as a retryable error with status 0.
  if (error?.name === 'AuthRetryableFetchError' && !error.status) return 'network'
  if (error?.name === 'AuthSessionMissingError') return 'session_expired'
  return null
}
