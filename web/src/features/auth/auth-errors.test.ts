import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../i18n/languages'
import { localeFile } from '../../test/locales'
import { authErrorKey, knownAuthErrorKey, type AuthAction } from './auth-errors'

describe('authErrorKey', () => {
  it('maps the auth service codes to their messages', () => {
    expect(authErrorKey({ code: 'invalid_credentials', status: 400 }, 'signin')).toBe('invalid_credentials')
    expect(authErrorKey({ code: 'email_not_confirmed' }, 'signin')).toBe('email_not_confirmed')
    expect(authErrorKey({ code: 'user_already_exists', status: 422 }, 'signup')).toBe('user_already_exists')
    expect(authErrorKey({ code: 'email_exists' }, 'signup')).toBe('user_already_exists')
    expect(authErrorKey({ code: 'weak_password', name: 'AuthWeakPasswordError' }, 'signup')).toBe('weak_password')
    expect(authErrorKey({ code: 'over_request_rate_limit', status: 429 }, 'signin')).toBe('over_request_rate_limit')
    expect(authErrorKey({ code: 'over_email_send_rate_limit' }, 'recover')).toBe('over_email_send_rate_limit')
    expect(authErrorKey({ code: 'validation_failed' }, 'signup')).toBe('validation_failed')
    expect(authErrorKey({ code: 'otp_expired' }, 'link')).toBe('otp_expired')
    expect(authErrorKey({ code: 'session_not_found' }, 'profile')).toBe('session_expired')
    expect(authErrorKey({ code: 'reauthentication_not_valid', status: 422 }, 'updatePassword')).toBe('reauthentication_not_valid')
  })

  it("falls back to the action's general message (SPEC §8) for unknown codes and server failures", () => {
    expect(authErrorKey({ code: 'unexpected_failure', status: 500 }, 'signup')).toBe('signup_failed')
    expect(authErrorKey({ status: 502, name: 'AuthRetryableFetchError' }, 'signin')).toBe('signin_failed')
    expect(authErrorKey(null, 'signin')).toBe('signin_failed')
    expect(authErrorKey({ code: 'unexpected_failure', status: 500 }, 'reauthenticate')).toBe('reauthenticate_failed')
    expect(authErrorKey({ code: 'toString' }, 'signup')).toBe('signup_failed')
  })

  it('tells a wrong recovery code from a wrong code of the app (the server gives both the same code)', () => {
    expect(authErrorKey({ code: 'mfa_verification_failed', status: 422 }, 'mfa')).toBe('mfa_verification_failed')
    expect(authErrorKey({ code: 'mfa_verification_failed', status: 422, name: 'ApiError' }, 'recoveryCode')).toBe('recovery_code_invalid')
    expect(authErrorKey({ code: 'mfa_ip_address_mismatch' }, 'mfa')).toBe('mfa_challenge_expired')
    expect(authErrorKey({ code: 'insufficient_aal', status: 403 }, 'mfaRemove')).toBe('insufficient_aal')
    expect(authErrorKey({ code: 'network', status: 0, name: 'ApiError' }, 'recoveryCode')).toBe('network')
    expect(authErrorKey({ code: 'unexpected', status: 500, name: 'ApiError' }, 'recoveryCodes')).toBe('recovery_codes_failed')
  })

  it("says what went wrong with Google: linking, unlinking, and the address's error_code on the way back", () => {
    expect(authErrorKey({ code: 'manual_linking_disabled', status: 404 }, 'linkIdentity')).toBe('manual_linking_disabled')
    expect(authErrorKey({ code: 'single_identity_not_deletable', status: 422 }, 'unlinkIdentity')).toBe('single_identity_not_deletable')
    expect(authErrorKey({ code: 'identity_not_found', status: 404 }, 'unlinkIdentity')).toBe('identity_not_found')
    for (const code of ['identity_already_exists', 'provider_email_needs_verification', 'bad_oauth_state', 'bad_oauth_callback']) {
      expect(authErrorKey({ code }, 'link')).toBe(code)
    }
    expect(authErrorKey({ code: 'unexpected_failure', status: 500 }, 'linkIdentity')).toBe('link_identity_failed')
    expect(authErrorKey(null, 'signoutOthers')).toBe('signout_others_failed')
  })

  it('knownAuthErrorKey: the same words for known codes, and null where a form says its own', () => {
    expect(knownAuthErrorKey({ code: 'over_email_send_rate_limit', status: 429 })).toBe('over_email_send_rate_limit')
    expect(knownAuthErrorKey({ code: 'no_authorization', status: 401, name: 'ApiError' })).toBe('session_expired')
    expect(knownAuthErrorKey({ status: 0, name: 'AuthRetryableFetchError' })).toBe('network')
    expect(knownAuthErrorKey({ code: 'unsupported_image', status: 422, name: 'ApiError' })).toBeNull()
    expect(knownAuthErrorKey({ code: 'unexpected_failure', status: 500 })).toBeNull()
    expect(knownAuthErrorKey(null)).toBeNull()
  })

  it('tells a dropped connection apart', () => {
    expect(authErrorKey({ status: 0, name: 'AuthRetryableFetchError' }, 'signup')).toBe('network')
    expect(authErrorKey({ name: 'AuthSessionMissingError', status: 400 }, 'updatePassword')).toBe('session_expired')
  })
})

const errors = (lang: 'en' | 'es' | 'pt') => localeFile(lang, 'auth').errors as Record<string, string>

describe('error messages in every language', () => {
  const codes = ['invalid_credentials', 'email_not_confirmed', 'user_already_exists', 'email_exists', 'weak_password',
    'over_request_rate_limit', 'over_email_send_rate_limit', 'validation_failed', 'email_address_invalid', 'signup_disabled',
    'email_provider_disabled', 'user_banned', 'otp_expired', 'session_expired', 'request_timeout', 'same_password',
    'reauthentication_not_valid', 'mfa_verification_failed', 'mfa_challenge_expired', 'mfa_ip_address_mismatch', 'mfa_factor_not_found',
    'too_many_enrolled_mfa_factors', 'insufficient_aal', 'network', 'manual_linking_disabled', 'single_identity_not_deletable',
    'identity_already_exists', 'identity_not_found', 'provider_email_needs_verification', 'bad_oauth_state', 'bad_oauth_callback']
  const actions: AuthAction[] = ['signup', 'signin', 'recover', 'updatePassword', 'reauthenticate', 'signout', 'link', 'profile', 'mfa',
    'recoveryCode', 'mfaLoad', 'mfaSetup', 'mfaRemove', 'recoveryCodes', 'signoutOthers', 'identities', 'linkIdentity', 'unlinkIdentity']

  for (const lang of LANGUAGES) {
    it(`${lang}: every key the mapping can return has a text`, () => {
      const byCode = codes.map((code) => authErrorKey({ code }, 'signup'))
      const fallbacks = actions.map((action) => authErrorKey(null, action))
      const keys = new Set([...byCode, ...fallbacks, 'network', authErrorKey({ code: 'mfa_verification_failed' }, 'recoveryCode')])
      for (const key of keys) expect(errors(lang)[key], `${lang} errors.${key}`).toBeTruthy()
    })
  }

  it("uses SPEC §8's Spanish fallbacks, and translates them", () => {
    expect(errors('es').signup_failed).toBe('Error al crear la cuenta')
    expect(errors('es').signin_failed).toBe('Error al iniciar sesión')
    expect(errors('en').signup_failed).toBe('Error creating the account')
    expect(errors('pt').signin_failed).toBe('Erro ao entrar')
  })
})
