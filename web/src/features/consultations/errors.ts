import type { ApiError } from '../../lib/api-client'

/**
 * Every code the flow can meet, from the browser's own checks or the server's answer
 * (docs/product.md#booking-form), and the message key it shows in the `consultations`
 * namespace. A code nobody planned for gets the generic text rather than raw English.
 */
export const FIELD_CODES = [
  'name_too_short',
  'invalid_email',
  'country_required',
  'message_too_short',
  'slot_required',
  'invalid_slot',
  'invalid_card_number',
  'invalid_expiry',
  'invalid_cvc',
  'cardholder_required',
  'document_too_large',
  'unsupported_document',
  'too_many_documents',
  'upload_quota_exceeded',
  'invalid_characters',
  'invalid',
] as const
export type FieldCode = (typeof FIELD_CODES)[number]

export const ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'hold_expired',
  'already_paid',
  'not_payable',
  'use_stripe',
  'slot_taken',
  'rate_limited',
  'not_found',
  'change_fee_required',
  'not_changeable',
  'unknown_plan',
  'validation_failed',
  'too_many_holds',
  'upload_quota_exceeded',
  'network',
  'unexpected',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The message key of a field's problem. */
export function fieldCode(code: string): FieldCode {
  return (FIELD_CODES as readonly string[]).includes(code) ? (code as FieldCode) : 'invalid'
}

/** The message key of a whole answer. The form-level codes of fields land here too (plan, language). */
export function errorCode(code: string): ErrorCode {
  if ((ERROR_CODES as readonly string[]).includes(code)) return code as ErrorCode
  // The slots' `invalid_plan` is the booking's `unknown_plan` by another name; anything else
  // (idempotency_key_reused, invalid_language…) is our own mistake, not the visitor's.
  return code === 'invalid_plan' ? 'unknown_plan' : 'unexpected'
}

/** The card declines of the sandbox (Stripe's test-card outcomes): the hold stays for another try. */
export const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'processing_error'] as const

export function isDecline(code: string): boolean {
  return (DECLINE_CODES as readonly string[]).includes(code)
}

export { asApiError } from '../../lib/api-client'

/**
 * Splits a validation answer: problems the form can show beside an input (`fields` whose
 * names are in `shown`), and the code of a message for the whole form, if any.
 */
export function splitFieldErrors<Field extends string>(
  error: ApiError,
  shown: readonly Field[],
): { fields: Partial<Record<Field, FieldCode>>; form: ErrorCode | null } {
  const fields: Partial<Record<Field, FieldCode>> = {}
  let form: ErrorCode | null = null
  for (const [name, code] of Object.entries(error.fields)) {
    if ((shown as readonly string[]).includes(name)) fields[name as Field] = fieldCode(code)
    else form = errorCode(code)
  }
  if (Object.keys(fields).length === 0 && form === null) form = errorCode(error.code)
  return { fields, form }
}
