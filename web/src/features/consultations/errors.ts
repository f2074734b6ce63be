import type { ApiError, ApiErrorCode } from '../../lib/api-client'

/**
 * Every field code the forms can meet, from the browser's own checks or the server's answer
 * (docs/product.md#booking-form), and the message key it shows beside the field
 * (consultations:fieldErrors). A code nobody planned for gets the generic text rather than raw English.
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

/**
 * The messages this feature words itself (consultations:errors.<code>) because they say more
 * in its context than errors:codes.<code>; every other code is said by errors:codes
 * (`useErrorText`, error-text.ts).
 */
export const CONTEXT_CODES = [
  'not_found', // a booking's link: points to the confirmation email
  'hold_expired', // the booking flow: names the 15-minute hold
] as const
export type ContextCode = (typeof CONTEXT_CODES)[number]

export function isContextCode(code: string): code is ContextCode {
  return (CONTEXT_CODES as readonly string[]).includes(code)
}

/** A code a message can be shown for: the API's codes, `network` and `unexpected`. */
export type ErrorCode = ApiErrorCode

/** The message key of a field's problem. */
export function fieldCode(code: string): FieldCode {
  return (FIELD_CODES as readonly string[]).includes(code) ? (code as FieldCode) : 'invalid'
}

/** The code of a whole answer. The form-level codes of fields land here too (plan, language). */
export function errorCode(code: string): ErrorCode {
  // A field's `unknown_plan` (the booking's words) is the slots' `invalid_plan`; a code this
  // build does not know is shown as errors:fallback.unexpected.
  return (code === 'unknown_plan' ? 'invalid_plan' : code) as ErrorCode
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

/** A failure that may pass on a second try (the network, the server, a rate limit) rather than one that will not. */
export function isRetryable(code: string): boolean {
  return code === 'network' || code === 'unexpected' || code === 'rate_limited'
}
