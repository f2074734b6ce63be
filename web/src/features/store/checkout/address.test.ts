import { describe, expect, it } from 'vitest'
import { COUNTRIES } from '../../../lib/countries'
import {
  checkPhone,
  checkPostalCode,
  EMPTY_ADDRESS,
  hasPostalCode,
  normalizePostalCode,
  POSTAL_RULES,
  postalCodeRequired,
  regionLabel,
  regionRequired,
  toAddress,
  validateAddress,
  validateCheckout,
  type AddressValues,
} from './address'

const valid = (country: string, code: string) => checkPostalCode(country, code) === null

describe('postal codes, country by country', () => {
  const cases: Record<string, { good: string[]; bad: string[] }> = {
    ES: { good: ['28013', '08001', '52001'], bad: ['2801', '53001', '00123', '28013-1'] },
    PT: { good: ['1100-148', '1100148', '4000 322'], bad: ['1100', '1100-14', 'ABCD-123'] },
    BR: { good: ['01310-100', '01310100'], bad: ['0131-0100', '01310-10', '1234567'] },
    US: { good: ['10001', '10001-1234', '941031234'], bad: ['1000', '10001-12', 'ABCDE'] },
    MX: { good: ['06600', '44100'], bad: ['6600', '066000'] },
    AR: { good: ['C1425DKF', 'c1425dkf', '1425'], bad: ['C1425DK', '14250', 'CC1425DKF'] },
    CO: { good: ['110111', '050021'], bad: ['11011', '1101111'] },
    GB: { good: ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA'], bad: ['SW1A', '12345', 'SW1A 1A'] },
    FR: { good: ['75001', '13008'], bad: ['7500', '750011'] },
    DE: { good: ['10115', '80331'], bad: ['1011', 'D-10115X'] },
    IT: { good: ['00184', '20121'], bad: ['0018', '001841'] },
    CA: { good: ['K1A 0B1', 'k1a0b1', 'M5V 3L9'], bad: ['K1A 0B', 'D1A 0B1', '12345', 'K1A 0BO'] },
  }
  for (const [country, { good, bad }] of Object.entries(cases)) {
    it(`${country}: accepts its format and refuses others`, () => {
      for (const code of good) expect(valid(country, code), `${country} ${code}`).toBe(true)
      for (const code of bad) expect(checkPostalCode(country, code), `${country} ${code}`).toBe('postal_code_invalid')
      expect(checkPostalCode(country, ''), `${country} empty`).toBe('postal_code_required')
    })
  }

  it('writes each code the way its country does', () => {
    expect(normalizePostalCode('PT', '1100148')).toBe('1100-148')
    expect(normalizePostalCode('BR', '01310100')).toBe('01310-100')
    expect(normalizePostalCode('US', '941031234')).toBe('94103-1234')
    expect(normalizePostalCode('US', ' 10001 ')).toBe('10001')
    expect(normalizePostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA')
    expect(normalizePostalCode('GB', 'm1 1ae')).toBe('M1 1AE')
    expect(normalizePostalCode('CA', 'k1a0b1')).toBe('K1A 0B1')
    expect(normalizePostalCode('AR', 'c1425dkf')).toBe('C1425DKF')
    expect(normalizePostalCode('NL', '1012ab')).toBe('1012 AB')
    expect(normalizePostalCode('JP', '1000001')).toBe('100-0001')
    // A code of a country without a rule is only tidied.
    expect(normalizePostalCode('XX', ' ab  12 ')).toBe('AB 12')
  })

  it('leaves the field out where there are no postal codes (AE, HK, …), and never requires it', () => {
    for (const country of ['AE', 'HK', 'AO', 'JM', 'BO']) {
      expect(hasPostalCode(country), country).toBe(false)
      expect(checkPostalCode(country, ''), country).toBeNull()
    }
    expect(toAddress({ ...EMPTY_ADDRESS, country: 'AE', postal_code: 'whatever' }).postal_code).toBe('')
  })

  it('checks an optional code only when one is given (Ireland’s Eircode)', () => {
    expect(postalCodeRequired('IE')).toBe(false)
    expect(checkPostalCode('IE', '')).toBeNull()
    expect(checkPostalCode('IE', 'D02 X285')).toBeNull()
    expect(checkPostalCode('IE', '12345')).toBe('postal_code_invalid')
  })

  it('takes any short code, or none, in a country without a rule', () => {
    expect(checkPostalCode('ZZ', '')).toBeNull()
    expect(checkPostalCode('ZZ', 'AB-123')).toBeNull()
    expect(checkPostalCode('ZZ', '#1')).toBe('postal_code_invalid')
  })

  it('has a rule (or knows there is no code) for most of the listed countries, each with an example it accepts', () => {
    const unknown = COUNTRIES.map(([code]) => code).filter((code) => !POSTAL_RULES[code] && hasPostalCode(code))
    expect(unknown).toEqual([])
    for (const [country, rule] of Object.entries(POSTAL_RULES)) expect(valid(country, rule.example), `${country} ${rule.example}`).toBe(true)
  })
})

describe('states and provinces', () => {
  it('are required where addresses need them, with their local name', () => {
    for (const country of ['US', 'CA', 'BR', 'MX', 'AR']) expect(regionRequired(country), country).toBe(true)
    for (const country of ['ES', 'PT', 'FR', 'DE', 'GB']) expect(regionRequired(country), country).toBe(false)
    expect(regionLabel('US')).toBe('state')
    expect(regionLabel('AR')).toBe('province')
    expect(regionLabel('CO')).toBe('department')
    expect(regionLabel('ES')).toBe('region')
  })
})

describe('the whole address', () => {
  const spain: AddressValues = {
    name: 'Lucía Pérez',
    line1: 'Calle Mayor 1',
    line2: '',
    city: 'Madrid',
    region: '',
    postal_code: '28013',
    country: 'ES',
    phone: '',
  }

  it('accepts a complete Spanish address, and sends it trimmed without empty optional fields', () => {
    expect(validateAddress(spain)).toEqual({})
    expect(toAddress({ ...spain, name: '  Lucía Pérez ', line2: '  ', phone: '' })).toEqual({
      name: 'Lucía Pérez',
      line1: 'Calle Mayor 1',
      line2: undefined,
      city: 'Madrid',
      region: undefined,
      postal_code: '28013',
      country: 'ES',
      phone: undefined,
    })
  })

  it('names every missing field with its code', () => {
    expect(validateAddress(EMPTY_ADDRESS)).toEqual({
      name: 'name_required',
      country: 'country_required',
      line1: 'address_required',
      city: 'city_required',
    })
    expect(validateAddress({ ...spain, country: 'US', postal_code: '' })).toEqual({ region: 'region_required', postal_code: 'postal_code_required' })
    expect(validateAddress({ ...spain, country: 'US', region: 'NY', postal_code: '10001' })).toEqual({})
  })

  it('refuses a country outside the list, text too long, control characters and a malformed phone', () => {
    expect(validateAddress({ ...spain, country: 'Spain' }).country).toBe('country_required')
    expect(validateAddress({ ...spain, name: 'x'.repeat(101) }).name).toBe('too_long')
    expect(validateAddress({ ...spain, city: 'Mad\u202Erid' }).city).toBe('invalid_characters')
    expect(validateAddress({ ...spain, phone: '12' }).phone).toBe('phone_invalid')
    expect(checkPhone('+34 600 123 456')).toBeNull()
    expect(checkPhone('(11) 98765-4321')).toBeNull()
    expect(checkPhone('call me')).toBe('phone_invalid')
  })

  it('asks for an address and a shipping method only with physical goods', () => {
    const values = { email: 'ana@example.com', address: EMPTY_ADDRESS, shippingMethod: null }
    expect(validateCheckout(values, false)).toEqual({})
    expect(validateCheckout({ ...values, email: 'ana@' }, false)).toEqual({ email: 'invalid_email' })
    const physical = validateCheckout(values, true)
    expect(physical.shipping_method).toBe('shipping_method_required')
    expect(physical.line1).toBe('address_required')
    expect(validateCheckout({ ...values, address: spain, shippingMethod: 'standard' }, true)).toEqual({})
  })
})
