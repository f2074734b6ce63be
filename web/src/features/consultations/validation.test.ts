import { DEFAULT_LIMITS } from '../../lib/config'
import { describe, expect, it } from 'vitest'
import { cleanCard, expiryValid, formatCardNumber, formatExpiry, luhnValid, validateCard } from './card-validation'
import { checkDocument, sniffDocument, validateBookingForm } from './validation'

const GOOD = { name: 'Lucía Pérez', email: 'lucia@example.com', country: 'Spain', message: 'Lost my bag in Lima.' }
const SLOT = '2026-11-24T14:00:00Z'

describe('booking form (SPEC §5), answered with the server field codes', () => {
  it('accepts a complete form', () => {
    expect(validateBookingForm(GOOD, SLOT)).toEqual({})
  })

  it('names at least 2 characters, trimmed, counted as a reader counts them', () => {
    expect(validateBookingForm({ ...GOOD, name: ' L ' }, SLOT)).toEqual({ name: 'name_too_short' })
    expect(validateBookingForm({ ...GOOD, name: 'Lú' }, SLOT)).toEqual({})
    expect(validateBookingForm({ ...GOOD, name: '😀' }, SLOT)).toEqual({ name: 'name_too_short' })
  })

  it('needs an e-mail address shaped like one', () => {
    for (const email of ['', 'lucia', 'lucia@', 'lucia@example', 'a b@example.com']) {
      expect(validateBookingForm({ ...GOOD, email }, SLOT), email).toEqual({ email: 'invalid_email' })
    }
  })

  it('needs one of the 64 countries (the English name is the value)', () => {
    expect(validateBookingForm({ ...GOOD, country: '' }, SLOT)).toEqual({ country: 'country_required' })
    expect(validateBookingForm({ ...GOOD, country: 'Atlantis' }, SLOT)).toEqual({ country: 'country_required' })
    expect(validateBookingForm({ ...GOOD, country: 'Brazil' }, SLOT)).toEqual({})
  })

  it('needs a message of at least 10 characters, trimmed', () => {
    expect(validateBookingForm({ ...GOOD, message: '  123456789  ' }, SLOT)).toEqual({ message: 'message_too_short' })
    expect(validateBookingForm({ ...GOOD, message: '1234567890' }, SLOT)).toEqual({})
  })

  it('needs a time, and reports every problem at once', () => {
    expect(validateBookingForm({ name: '', email: '', country: '', message: '' }, null)).toEqual({
      slot_start: 'slot_required',
      name: 'name_too_short',
      email: 'invalid_email',
      country: 'country_required',
      message: 'message_too_short',
    })
  })
})

describe('card form', () => {
  const now = new Date('2026-11-22T12:00:00')
  const card = { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', cardholder_name: 'Lucía Pérez' }

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4000000000000002')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(luhnValid('')).toBe(false)
  })

  it('groups the number by four and writes the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-42a')).toBe('4242 42')
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4)
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12')
    expect(formatExpiry('12/')).toBe('12/')
    expect(formatExpiry('123')).toBe('12/3')
    expect(formatExpiry('12/345')).toBe('12/34')
  })

  it('refuses a month that has ended, and impossible months', () => {
    expect(expiryValid('11/26', now)).toBe(true) // the current month still counts
    expect(expiryValid('10/26', now)).toBe(false)
    expect(expiryValid('13/30', now)).toBe(false)
    expect(expiryValid('00/30', now)).toBe(false)
    expect(expiryValid('1230', now)).toBe(false)
  })

  it('answers with the server codes, field by field', () => {
    expect(validateCard(card, now)).toEqual({})
    expect(validateCard({ card_number: '4242 4242 4242 4241', exp: '01/20', cvc: '12', cardholder_name: ' ' }, now)).toEqual({
      card_number: 'invalid_card_number',
      exp: 'invalid_expiry',
      cvc: 'invalid_cvc',
      cardholder_name: 'cardholder_required',
    })
    expect(validateCard({ ...card, card_number: '4242' }, now)).toEqual({ card_number: 'invalid_card_number' })
  })

  it('sends the number without spaces', () => {
    expect(cleanCard({ ...card, exp: ' 12 / 34 ', cardholder_name: ' Lucía ' })).toEqual({
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
      cardholder_name: 'Lucía',
    })
  })
})

const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8))

describe('travel documents', () => {
  it('recognises PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffDocument(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf')
    expect(sniffDocument(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg')
    expect(sniffDocument(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png')
    expect(sniffDocument(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(sniffDocument(new Uint8Array())).toBeNull()
  })

  it('refuses a renamed file and a file over 10 MB, with the server codes', async () => {
    expect(await checkDocument(new Blob(['%PDF-1.4 hello'], { type: 'application/pdf' }))).toBeNull()
    expect(await checkDocument(new Blob(['just text'], { type: 'application/pdf' }))).toBe('unsupported_document')
    expect(await checkDocument(new Blob([new Uint8Array(DEFAULT_LIMITS.booking.documentMaxBytes + 1)]))).toBe('document_too_large')
  })
})
