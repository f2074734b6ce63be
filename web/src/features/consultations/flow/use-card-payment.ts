import type { Booking, CardDetails } from '../../../lib/api/types'
import type { Credentials } from '../api'
import type { CardOutcome } from '../components/CardForm'
import { asApiError, errorCode, isDecline, splitFieldErrors, type ErrorCode } from '../errors'
import { usePayBooking } from '../mutations'

const CARD_FIELDS = ['card_number', 'exp', 'cvc', 'cardholder_name'] as const

/** What a refused payment means: a message for the card form, the hold's end, or a booking to read again. */
export type PaymentProblem = { card: CardOutcome } | { expired: true } | { reload: true }

export function paymentProblem(thrown: unknown): PaymentProblem {
  const error = asApiError(thrown)
  if (isDecline(error.code)) return { card: { error: error.code as ErrorCode } }
  if (error.code === 'validation_failed') {
    const { fields, form } = splitFieldErrors(error, CARD_FIELDS)
    return { card: form ? { fields, error: form } : { fields } }
  }
  if (error.code === 'hold_expired') return { expired: true }
  // Paid meanwhile (another tab), or the server wants Stripe: the booking says what now.
  if (error.code === 'already_paid' || error.code === 'use_stripe' || error.code === 'not_payable') return { reload: true }
  return { card: { error: errorCode(error.code) } }
}

interface Handlers {
  onPaid: (booking: Booking) => void
  onExpired: () => void
  onReload: () => void
}

/** The sandbox card payment of a held booking: `pay` answers what the card form shows, or null. */
export function useCardPayment(id: string, credentials: Credentials, { onPaid, onExpired, onReload }: Handlers) {
  const mutation = usePayBooking()
  const pay = async (card: CardDetails): Promise<CardOutcome | null> => {
    try {
      onPaid(await mutation.mutateAsync({ id, card, credentials }))
      return null
    } catch (thrown) {
      const problem = paymentProblem(thrown)
      if ('card' in problem) return problem.card
      if ('expired' in problem) onExpired()
      else onReload()
      return null
    }
  }
  return { pay }
}
