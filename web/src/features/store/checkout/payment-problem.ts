import { asApiError } from '../../../lib/api-client'
import type { CardOutcome } from '../../consultations/components/CardForm'
import { isDecline, splitFieldErrors } from '../../consultations/errors'

const CARD_FIELDS = ['card_number', 'exp', 'cvc', 'cardholder_name'] as const

/** What a refused card payment means: a message for the card form, the reservation's end, or an order to read again. */
export type PaymentProblem = { card: CardOutcome } | { expired: true } | { reload: true }

export function paymentProblem(thrown: unknown): PaymentProblem {
  const error = asApiError(thrown)
  const code = error.code
  // A decline (402) keeps the reservation: the visitor can try another card. A 400
  // `validation_failed` names the card's fields with the consultations' codes.
  if (isDecline(code)) return { card: { error: code } }
  if (code === 'validation_failed') {
    const { fields, form } = splitFieldErrors(error, CARD_FIELDS)
    return { card: form ? { fields, error: form } : { fields } }
  }
  // 409: the stock hold ran out (or the order was canceled meanwhile).
  if (code === 'reservation_expired') return { expired: true }
  // 409: paid meanwhile (another tab), or this deployment takes cards through Stripe: the order says what now.
  if (code === 'already_paid' || code === 'use_stripe') return { reload: true }
  return { card: { error: code } }
}
