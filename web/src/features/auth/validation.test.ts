import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../i18n/languages'
import { localeFile } from '../../test/locales'
import {
  reauthCodeDigits,
  recoveryCodeOf,
  validateEmailOnly,
  validateNewPassword,
  validateReauthCode,
  validateRecoveryCode,
  validateSignIn,
  validateSignUp,
  validateTotpCode,
  type SignUpValues,
} from './validation'

const VALID: SignUpValues = {
  firstName: 'Lucía',
  lastName: 'Pérez',
  country: 'Spain',
  email: 'lucia@example.com',
  confirmEmail: 'lucia@example.com',
  password: 'Viaje2026!',
}

describe('sign-up validation (SPEC §5)', () => {
  it('accepts a complete, consistent form', () => {
    expect(validateSignUp(VALID)).toEqual([])
    expect(validateSignUp({ ...VALID, confirmEmail: ' LUCIA@example.com ' })).toEqual([])
  })

  it('asks to complete all fields, naming every empty one (spaces count as empty)', () => {
    expect(validateSignUp({ ...VALID, lastName: '   ', country: '' })).toEqual([
      { message: 'complete_all_fields', fields: ['lastName', 'country'] },
    ])
    expect(validateSignUp({ ...VALID, password: '' })).toEqual([{ message: 'complete_all_fields', fields: ['password'] }])
  })

  it('says when the e-mails do not match', () => {
    expect(validateSignUp({ ...VALID, confirmEmail: 'lucia@example.org' })).toEqual([
      { message: 'emails_dont_match', fields: ['confirmEmail'] },
    ])
  })

  it('wants at least 6 password characters, and reports every problem at once', () => {
    expect(validateSignUp({ ...VALID, password: '12345' })).toEqual([{ message: 'password_min_length', fields: ['password'] }])
    expect(validateSignUp({ ...VALID, password: '123456' })).toEqual([])
    expect(validateSignUp({ ...VALID, email: 'lucia', confirmEmail: 'lucia', password: '1' })).toEqual([
      { message: 'invalid_email', fields: ['email'] },
      { message: 'password_min_length', fields: ['password'] },
    ])
  })
})

describe('other auth forms', () => {
  it('sign-in needs an e-mail and a password', () => {
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toEqual([])
    expect(validateSignIn({ email: ' ', password: '' })).toEqual([{ message: 'complete_all_fields', fields: ['email', 'password'] }])
  })

  it('the recovery form needs a plausible e-mail', () => {
    expect(validateEmailOnly('')).toEqual([{ message: 'complete_all_fields', fields: ['email'] }])
    expect(validateEmailOnly('nope')).toEqual([{ message: 'invalid_email', fields: ['email'] }])
    expect(validateEmailOnly(' ana@example.com ')).toEqual([])
  })

  it('a new password follows the same minimum and must be typed twice', () => {
    expect(validateNewPassword({ password: 'abc', confirmPassword: 'abc' })).toEqual([
      { message: 'password_min_length', fields: ['password'] },
    ])
    expect(validateNewPassword({ password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual([
      { message: 'passwords_dont_match', fields: ['confirmPassword'] },
    ])
    expect(validateNewPassword({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual([])
  })

  it('the e-mailed code keeps only digits, and has six of them', () => {
    expect(reauthCodeDigits('123 456')).toBe('123456')
    expect(reauthCodeDigits('12-34-56-78')).toBe('123456')
    expect(validateReauthCode('')).toEqual([{ message: 'code_required', fields: ['code'] }])
    expect(validateReauthCode('12345')).toEqual([{ message: 'code_format', fields: ['code'] }])
    expect(validateReauthCode('123456')).toEqual([])
  })

  it('two-step verification: six digits from the app, or a recovery code as typed (without spaces)', () => {
    expect(validateTotpCode('')).toEqual([{ message: 'mfa_code_required', fields: ['code'] }])
    expect(validateTotpCode('12345')).toEqual([{ message: 'code_format', fields: ['code'] }])
    expect(validateTotpCode('123456')).toEqual([])
    expect(validateRecoveryCode('  ')).toEqual([{ message: 'recovery_code_required', fields: ['code'] }])
    expect(validateRecoveryCode('abcd-efgh')).toEqual([])
    expect(recoveryCodeOf(' abcd-efgh\n')).toBe('abcd-efgh')
  })
})

describe('validation messages in every language', () => {
  const expected = {
    en: {
      complete_all_fields: 'Please complete all fields',
      emails_dont_match: "Emails don't match",
      password_min_length: 'Password must be at least {{passwordMin}} characters',
    },
    es: {
      complete_all_fields: 'Por favor completa todos los campos',
      emails_dont_match: 'Los correos no coinciden',
      password_min_length: 'La contraseña debe tener al menos {{passwordMin}} caracteres',
    },
    pt: {
      complete_all_fields: 'Por favor, preencha todos os campos',
      emails_dont_match: 'Os e-mails não coincidem',
      password_min_length: 'A senha deve ter pelo menos {{passwordMin}} caracteres',
    },
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: the SPEC keys say what SPEC §5 says (the minimum from the config block), and the hint names all four character kinds`, () => {
      const auth = localeFile(lang, 'auth')
      for (const [key, text] of Object.entries(expected[lang])) expect(auth[key]).toBe(text)
      for (const key of ['invalid_email', 'passwords_dont_match', 'password_requirements', 'code_required', 'code_format', 'mfa_code_required', 'recovery_code_required']) expect(auth[key]).toBeTruthy()
      const hint = String(auth.password_requirements)
      const words = {
        en: /lowercase.*uppercase.*number.*symbol/,
        es: /minúscula.*mayúscula.*número.*símbolo/,
        pt: /minúscula.*maiúscula.*número.*símbolo/,
      }
      expect(hint).toMatch(words[lang])
    })
  }
})
