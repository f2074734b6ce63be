import { describe, expect, it } from 'vitest'
import { localeFile } from '../../test/locales'
import { LANGUAGES } from '../../i18n/languages'
import { errorFromEnvelope as errorFrom } from '../../lib/api-client'
import { nextSlotsOf } from './api'
import { CONTEXT_CODES, DECLINE_CODES, errorCode, FIELD_CODES, fieldCode, isContextCode, isDecline, splitFieldErrors } from './errors'

type Tree = Record<string, Record<string, string>>

describe('server answers', () => {
  it('are read from the error envelope, with fields, next free times and the change fee', () => {
    const taken = errorFrom(409, {
      error_code: 'slot_taken',
      message: 'taken',
      next_slots: [{ start: '2026-11-24T15:00:00Z', end: '2026-11-24T16:00:00Z' }, { start: 3 }],
    })
    expect(taken.code).toBe('slot_taken')
    expect(nextSlotsOf(taken)).toEqual([{ start: '2026-11-24T15:00:00Z', end: '2026-11-24T16:00:00Z' }])
    const fee = errorFrom(402, { error_code: 'change_fee_required', fee_cents: 1500 })
    expect(fee.body.fee_cents).toBe(1500)
    const invalid = errorFrom(400, { error_code: 'validation_failed', fields: { name: 'name_too_short', email: 7 } })
    expect(invalid.fields).toEqual({ name: 'name_too_short' })
    expect(errorFrom(502, '<html>bad gateway</html>').code).toBe('unexpected')
  })

  it('map field codes onto the form, the rest onto one message', () => {
    const error = errorFrom(400, {
      error_code: 'validation_failed',
      fields: { name: 'name_too_short', message: 'message_too_short', plan: 'unknown_plan', email: 'something_new' },
    })
    expect(splitFieldErrors(error, ['name', 'email', 'country', 'message', 'slot_start'])).toEqual({
      fields: { name: 'name_too_short', message: 'message_too_short', email: 'invalid' },
      form: 'invalid_plan',
    })
    // No field the form knows: one message for the whole answer.
    expect(splitFieldErrors(errorFrom(402, { error_code: 'card_declined' }), ['card_number'])).toEqual({ fields: {}, form: 'card_declined' })
  })

  it('never show an unplanned code raw', () => {
    expect(fieldCode('invalid_slot')).toBe('invalid_slot')
    expect(fieldCode('brand_new_code')).toBe('invalid')
    expect(errorCode('insufficient_funds')).toBe('insufficient_funds')
    // The booking's field code and the slots' answer name the same problem, said by errors:codes.invalid_plan.
    expect(errorCode('unknown_plan')).toBe('invalid_plan')
    expect(errorCode('invalid_plan')).toBe('invalid_plan')
    expect(isContextCode('not_found')).toBe(true)
    expect(isContextCode('card_declined')).toBe(false)
    expect(isDecline('expired_card')).toBe(true)
    expect(isDecline('hold_expired')).toBe(false)
  })
})

describe('messages', () => {
  it('exist for every field code, and for every answer the flow meets in errors:codes', () => {
    const answers = [...DECLINE_CODES, 'slot_taken', 'hold_expired', 'already_paid', 'not_payable', 'use_stripe', 'rate_limited', 'not_found', 'change_fee_required', 'not_changeable', 'invalid_plan', 'validation_failed', 'too_many_holds', 'upload_quota_exceeded']
    for (const lang of LANGUAGES) {
      const words = localeFile(lang, 'consultations') as unknown as Tree
      const errors = localeFile(lang, 'errors') as unknown as Tree
      for (const code of FIELD_CODES) expect(words.fieldErrors![code], `${lang} fieldErrors.${code}`).toBeTruthy()
      for (const code of answers) expect(errors.codes![code], `${lang} errors:codes.${code}`).toBeTruthy()
    }
  })

  it('are worded here only where the context says more than errors:codes', () => {
    for (const lang of LANGUAGES) {
      const own = (localeFile(lang, 'consultations') as unknown as Tree).errors!
      const shared = (localeFile(lang, 'errors') as unknown as Tree).codes!
      expect(Object.keys(own).toSorted(), lang).toEqual([...CONTEXT_CODES].toSorted())
      for (const code of CONTEXT_CODES) expect(own[code], `${lang} ${code}`).not.toBe(shared[code])
    }
    expect((localeFile('en', 'consultations') as unknown as Tree).errors!.not_found).toMatch(/confirmation email/)
  })

  it('quote SPEC §5 exactly in English and translate it', () => {
    const en = (localeFile('en', 'consultations') as unknown as Tree).fieldErrors!
    expect(en.name_too_short).toBe('Name must be at least 2 characters.')
    expect(en.invalid_email).toBe('Please enter a valid email address.')
    expect(en.country_required).toBe('Please select your country.')
    expect(en.message_too_short).toBe('Message must be at least 10 characters.')
    const es = (localeFile('es', 'consultations') as unknown as Tree).fieldErrors!
    expect(es.name_too_short).toBe('El nombre debe tener al menos 2 caracteres.')
    const pt = (localeFile('pt', 'consultations') as unknown as Tree).fieldErrors!
    expect(pt.message_too_short).toBe('A mensagem deve ter pelo menos 10 caracteres.')
  })

  it('name the steps and actions as SPEC §4 does', () => {
    const en = localeFile('en', 'consultations') as unknown as Record<string, Record<string, string>>
    expect([en.steps!.plan, en.steps!.time, en.steps!.payment, en.steps!.confirmation]).toEqual([
      'Select Plan',
      'Book Time',
      'Payment',
      'Confirmation',
    ])
    expect(en.time!.changePlan).toBe('Change Plan')
    expect(en.payment!.back).toBe('Back')
    expect(en.confirmation!.another).toBe('Book Another Consultation')
    expect(en.plans!.recommended).toBe('RECOMMENDED')
  })
})
