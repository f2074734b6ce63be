import { knownCountry } from '../../lib/countries'
import { isEmailShaped } from '../../lib/email'
import type { CardDetails } from '../../lib/api/types'
import { DEFAULT_LIMITS, type BookingLimits } from '../../lib/config'

/**
 * The rules of the booking flow, answered with the server's own field codes
 * (`validation_failed` + `fields`, docs/product.md#booking-form), so one table of messages serves the
 * check in the browser and the server's answer alike. The server checks again.
 */

/** The limits come from the config block (`useConfig().limits.booking`): the server's own. */

export interface BookingFormValues {
  name: string
  email: string
  country: string
  message: string
}
export type BookingFormField = keyof BookingFormValues | 'slot_start'

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/** Characters as a reader counts them (an accented letter or an emoji is one). */
function length(value: string): number {
  return [...value.trim()].length
}

export function validateBookingForm(
  values: BookingFormValues,
  slotStart: string | null,
  limits: BookingLimits = DEFAULT_LIMITS.booking,
): FieldErrors<BookingFormField> {
  const errors: FieldErrors<BookingFormField> = {}
  if (!slotStart) errors.slot_start = 'slot_required'
  if (length(values.name) < limits.nameMin) errors.name = 'name_too_short'
  if (!isEmailShaped(values.email)) errors.email = 'invalid_email'
  if (!knownCountry(values.country)) errors.country = 'country_required'
  if (length(values.message) < limits.messageMin) errors.message = 'message_too_short'
  return errors
}

// ---------------------------------------------------------------------------------------------
// The sandbox card form (docs/product.md#payments): the same checks as the server's, so a typo is
// caught before a round trip. Card data stays in memory: never stored, never logged.

export type CardField = keyof CardDetails

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** The Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/** "4242424242424242" → "4242 4242 4242 4242" while typing (19 digits at most). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** "1234" → "12/34"; keeps what the visitor typed otherwise. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4)
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits
  return `${digits.slice(0, 2)}/${digits.slice(2)}`
}

/** Whether "MM/YY" is a real month that has not ended (`now` in the visitor's clock). */
export function expiryValid(exp: string, now: Date = new Date()): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(exp)
  if (!match) return false
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return false
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1)
}

export function validateCard(card: CardDetails, now: Date = new Date()): FieldErrors<CardField> {
  const errors: FieldErrors<CardField> = {}
  const digits = digitsOnly(card.card_number)
  if (digits.length < 12 || digits.length > 19 || !luhnValid(digits) || /[^\d\s-]/.test(card.card_number)) {
    errors.card_number = 'invalid_card_number'
  }
  if (!expiryValid(card.exp, now)) errors.exp = 'invalid_expiry'
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'invalid_cvc'
  if (card.cardholder_name.trim() === '') errors.cardholder_name = 'cardholder_required'
  return errors
}

/** What is sent: the number without spaces, the rest trimmed. */
export function cleanCard(card: CardDetails): CardDetails {
  return {
    card_number: digitsOnly(card.card_number),
    exp: card.exp.replace(/\s/g, ''),
    cvc: card.cvc.trim(),
    cardholder_name: card.cardholder_name.trim(),
  }
}

// ---------------------------------------------------------------------------------------------
// Travel documents (docs/product.md#travel-documents): PDF, JPEG or PNG, `documentMaxBytes` each, `documentsPerBooking`. The server
// sniffs the content; the browser does the same with the first bytes, so a renamed file is
// refused before it is uploaded.

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png'

export type DocumentKind = 'pdf' | 'jpeg' | 'png'

/** The kind of a file from its first bytes (magic numbers), or null. */
export function sniffDocument(head: Uint8Array): DocumentKind | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte)
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf' // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  return null
}

function firstBytes(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 8)
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer().then((buffer) => new Uint8Array(buffer))
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.addEventListener('load', () => resolve(new Uint8Array(reader.result as ArrayBuffer)))
    reader.addEventListener('error', () => reject(reader.error ?? new Error('unreadable file')))
    reader.readAsArrayBuffer(slice)
  })
}

/** The server's code for a file it would refuse, or null when the file can be sent. */
export async function checkDocument(
  file: Blob,
  maxBytes = DEFAULT_LIMITS.booking.documentMaxBytes,
): Promise<'document_too_large' | 'unsupported_document' | null> {
  if (file.size > maxBytes) return 'document_too_large'
  return sniffDocument(await firstBytes(file)) ? null : 'unsupported_document'
}
