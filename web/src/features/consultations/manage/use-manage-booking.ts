import { useState } from 'react'
import type { Booking, CardDetails, Slot } from '../../../lib/api/types'
import { nextSlotsOf, serverNow, type Credentials } from '../api'
import type { CardOutcome } from '../components/CardForm'
import { asApiError, errorCode, isDecline, splitFieldErrors, type ErrorCode } from '../errors'
import { useCancelBooking, useRescheduleBooking } from '../mutations'

const CARD_FIELDS = ['card_number', 'exp', 'cvc', 'cardholder_name'] as const

/** What a cancellation gives back now: everything before the deadline, less the change fee after it. */
export function refundOf(booking: Booking, now = serverNow()): { free: boolean; refund: number } {
  const free = now < Date.parse(booking.cancellation_deadline)
  return { free, refund: free ? booking.amount_cents : Math.max(0, booking.amount_cents - booking.change_fee_cents) }
}

/** The cancel panel's state: `confirm` cancels, then `onCancelled` gets the booking and what comes back. */
export function useCancel(booking: Booking, credentials: Credentials, onCancelled: (booking: Booking, refund: number) => void) {
  const mutation = useCancelBooking()
  const [error, setError] = useState<ErrorCode | null>(null)
  const { free, refund } = refundOf(booking)

  const confirm = async () => {
    setError(null)
    try {
      const cancelled = await mutation.mutateAsync({ id: booking.id, credentials })
      onCancelled(cancelled, cancelled.refund_cents ?? refund)
    } catch (thrown) {
      setError(errorCode(asApiError(thrown).code))
    }
  }
  return { busy: mutation.isPending, error, free, refund, confirm }
}

/**
 * The reschedule panel's state: the new time, the server's objections (a taken time offers the
 * next free ones and asks the calendar again; a late move asks for the fee's card) and `move`.
 */
export function useReschedule(booking: Booking, credentials: Credentials, onMoved: (booking: Booking) => void) {
  const mutation = useRescheduleBooking()
  const [slot, setSlot] = useState<Slot | null>(null)
  const [error, setError] = useState<ErrorCode | null>(null)
  const [nextSlots, setNextSlots] = useState<Slot[]>([])
  const [refreshKey, setRefreshKey] = useState(0)
  const [feeRequired, setFeeRequired] = useState(() => serverNow() >= Date.parse(booking.cancellation_deadline))

  const choose = (chosen: Slot) => {
    setSlot(chosen)
    setError(null)
  }
  const pickNext = (chosen: Slot) => {
    choose(chosen)
    setNextSlots([])
  }

  /** Sends the move; answers what the card form should show, or null when done or handled here. */
  const move = async (card?: CardDetails): Promise<CardOutcome | null> => {
    if (!slot) return null
    setError(null)
    try {
      onMoved(await mutation.mutateAsync({ id: booking.id, credentials, slotStart: slot.start, card }))
      return null
    } catch (thrown) {
      const problem = asApiError(thrown)
      if (problem.code === 'change_fee_required') {
        setFeeRequired(true)
        setError('change_fee_required')
        return null
      }
      if (isDecline(problem.code)) return { error: problem.code as ErrorCode }
      if (problem.code === 'slot_taken') {
        setNextSlots(nextSlotsOf(problem))
        setSlot(null)
        setRefreshKey((n) => n + 1)
        setError('slot_taken')
        return null
      }
      if (problem.code === 'validation_failed') {
        const { fields, form } = splitFieldErrors(problem, CARD_FIELDS)
        if (Object.keys(fields).length > 0) return form ? { fields, error: form } : { fields }
        setError(form ?? 'validation_failed')
        setRefreshKey((n) => n + 1)
        return null
      }
      setError(errorCode(problem.code))
      return null
    }
  }

  return { slot, choose, pickNext, error, nextSlots, refreshKey, feeRequired, busy: mutation.isPending, move }
}
