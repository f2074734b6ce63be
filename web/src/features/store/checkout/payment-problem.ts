import { asApiError } from '../../../lib/api-client'
import type { CardOutcome } from '../../consultations/components/CardForm'
import { isDecline, splitFieldErrors, type ErrorCode } from '../../consultations/errors'

const CARD_FIELDS = ['card_number', 'exp', 'cvc', 'cardholder_name'] as const

/** What a refused card payment means: a message for the card form, the reservation's end, or an order to read again. */
export type PaymentProblem = { card: CardOutcome } | { expired: true } | { reload: true }

export function paymentProblem(thrown: unknown): PaymentProblem {
  const error = asApiError(thrown)
  const code = error.code as string
  // A decline (402) keeps the reservation: the visitor can try another card.
  if (isDecline(code)) return { card: { error: code as ErrorCode } }
  if (code === 'validation_failed') {
    const { fields, form } = splitFieldErrors(error, CARD_FIELDS)
    return { card: form ? { fields, error: form } : { fields } }
  }
  if (code === 'reservation_expired' || code === 'hold_expired' || code === 'order_expired') return { expired: true }
  // Paid meanwhile (another tab), canceled, or the server wants Stripe: the order says what now.
  if (code === 'already_paid' || code === 'not_payable' || code === 'use_stripe') return { reload: true }
  return { card: { error: code as ErrorCode } }
}
