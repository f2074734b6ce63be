import { describe, expect, it } from 'vitest'
import { errorFromEnvelope } from '../../../lib/api-client'
import { LANGUAGES } from '../../../i18n/languages'
import { localeFile } from '../../../test/locales'
import { fieldProblem, placeProblem } from './problems'
import { cartOf, GUIDE } from './test-fixtures'

const refusal = (status: number, body: Record<string, unknown>) => errorFromEnvelope(status, { message: 'For developers.', ...body })
const validation = (fields: Record<string, string>) => refusal(400, { error_code: 'validation_failed', fields })

/** The field codes POST /store/orders answers (server/src/store/orders/place.rs, address.rs). */
const SERVER_FIELDS: Record<string, string[]> = {
  email: ['invalid_email'],
  'shipping.name': ['required', 'too_long', 'invalid_characters'],
  'shipping.line1': ['required', 'too_long', 'invalid_characters'],
  'shipping.line2': ['too_long', 'invalid_characters'],
  'shipping.city': ['required', 'too_long', 'invalid_characters'],
  'shipping.region': ['required', 'too_long', 'invalid_characters'],
  'shipping.postal_code': ['required', 'invalid_postal_code'],
  'shipping.country': ['invalid_country'],
  'shipping.phone': ['too_long', 'invalid_characters', 'invalid_phone'],
}

describe('a refused order, as the checkout shows it', () => {
  it('puts every field code of the server beside its field, with words in every language', () => {
    for (const [name, codes] of Object.entries(SERVER_FIELDS)) {
      for (const code of codes) {
        const problem = placeProblem(validation({ [name]: code }))
        expect(problem.kind, `${name}: ${code}`).toBe('fields')
        if (problem.kind !== 'fields') continue
        const [[field, said]] = Object.entries(problem.fields) as [[string, string]]
        expect(`shipping.${field}`.endsWith(name.replace(/^shipping\./, '')), name).toBe(true)
        expect(said, `${name}: ${code} has its own words`).not.toBe('invalid')
        for (const lang of LANGUAGES) {
          const words = (localeFile(lang, 'checkout').fieldErrors as Record<string, string>)[said]
          expect(words, `${lang}: fieldErrors.${said}`).toBeTruthy()
        }
      }
    }
  })

  it('words `required` for each field, and reads the server’s other codes into the page’s own', () => {
    expect(fieldProblem('name', 'required')).toBe('name_required')
    expect(fieldProblem('line1', 'required')).toBe('address_required')
    expect(fieldProblem('postal_code', 'required')).toBe('postal_code_required')
    expect(fieldProblem('line2', 'required')).toBe('required')
    expect(fieldProblem('postal_code', 'invalid_postal_code')).toBe('postal_code_invalid')
    expect(fieldProblem('phone', 'invalid_phone')).toBe('phone_invalid')
    expect(fieldProblem('country', 'invalid_country')).toBe('country_required')
    expect(fieldProblem('city', 'something_new')).toBe('invalid')
  })

  it('says a missing address or a wrong language for the whole form', () => {
    expect(placeProblem(validation({ shipping: 'required' }))).toEqual({ kind: 'fields', fields: {}, form: 'shipping_required' })
    expect(placeProblem(validation({ language: 'invalid_language' }))).toEqual({ kind: 'fields', fields: {}, form: 'invalid_language' })
    expect(placeProblem(validation({ email: 'invalid_email', language: 'invalid_language' }))).toEqual({
      kind: 'fields',
      fields: { email: 'invalid_email' },
      form: 'invalid_language',
    })
  })

  it('takes the changed cart from the envelope’s `cart` member', () => {
    const cart = cartOf([GUIDE])
    expect(placeProblem(refusal(409, { error_code: 'cart_changed', cart }))).toEqual({ kind: 'cart_changed', cart })
    expect(placeProblem(refusal(409, { error_code: 'cart_changed' }))).toEqual({ kind: 'cart_changed', cart: null })
    expect(placeProblem(refusal(409, { error_code: 'out_of_stock', sku: 'guia-lisboa-pdf', available: 0 }))).toEqual({ kind: 'out_of_stock' })
  })

  it('leaves every other refusal to its code’s words', () => {
    for (const [status, code] of [
      [422, 'discount_expired'],
      [422, 'shipping_unavailable'],
      [422, 'idempotency_key_reused'],
      [409, 'cart_empty'],
      [403, 'cart_not_yours'],
      [404, 'cart_not_found'],
      [400, 'invalid_idempotency_key'],
    ] as const) {
      const problem = placeProblem(refusal(status, { error_code: code }))
      expect(problem.kind === 'message' && problem.error.code, code).toBe(code)
    }
  })
})
