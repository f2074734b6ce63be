import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../lib/config'
import { validateNewPassword, validateSignUp } from '../features/auth/validation'
import { checkDocument, validateBookingForm } from '../features/consultations/validation'

// The rules take their numbers from the config block (lib/config.ts), never from a copy.
describe('limits from the config block', () => {
  const SERVER = {
    limits: {
      passwordMinLength: 10,
      booking: { nameMin: 3, nameMax: 80, messageMin: 20, messageMax: 5000, documentMaxBytes: 2 * 1024 * 1024, documentsPerBooking: 3 },
    },
  }

  it('drive the rules: password length, booking name and message, document size', async () => {
    const { limits } = parseRuntimeConfig(SERVER, 'http://x')
    const signUp = { firstName: 'A', lastName: 'B', email: 'a@b.co', confirmEmail: 'a@b.co', country: 'Spain', password: '123456789' }
    expect(validateSignUp(signUp, limits.passwordMinLength)).toEqual([{ message: 'password_min_length', fields: ['password'] }])
    expect(validateSignUp({ ...signUp, password: '1234567890' }, limits.passwordMinLength)).toEqual([])
    expect(validateNewPassword({ password: '12345678', confirmPassword: '12345678' }, limits.passwordMinLength)).toHaveLength(1)
    const form = { name: 'Al', email: 'a@b.co', country: 'Spain', message: 'Fifteen chars!!' }
    expect(validateBookingForm(form, '2026-11-24T14:00:00Z', limits.booking)).toEqual({ name: 'name_too_short', message: 'message_too_short' })
    const pdf = new Blob(['%PDF-1.4', new Uint8Array(3 * 1024 * 1024)])
    expect(await checkDocument(pdf, limits.booking.documentMaxBytes)).toBe('document_too_large')
    expect(await checkDocument(pdf)).toBeNull()
  })

})
