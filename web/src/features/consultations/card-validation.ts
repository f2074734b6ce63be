import type { CardDetails } from '../../lib/api/types'
import type { FieldErrors } from './validation'

// The sandbox card form (docs/product.md#payments): the same checks as the server's, so a typo is
// caught before a round trip. Card data stays in memory: never stored, never logged.
// Apart from the booking form's rules (validation.ts): the card form is also the store's
// (features/store/checkout), and its chunk should not carry the booking form's.

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
