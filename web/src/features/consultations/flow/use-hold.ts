import { useEffect, useState } from 'react'
import type { Booking, BookingDocument, Slot } from '../../../lib/api/types'
import { fetchBooking, nextSlotsOf, serverNow } from '../api'
import { keyFor, newIdempotencyKey, rememberToken, signatureOf, tokenFor, type Draft, type HeldBooking } from '../booking-store'
import { asApiError, errorCode, splitFieldErrors, type ErrorCode, type FieldCode } from '../errors'
import { useCancelBooking, useCreateHold } from '../mutations'
import type { BookingFormField } from '../validation'
import type { BookingRequestBody } from '../types'
import type { Flow } from './flow-types'

const FORM_FIELDS = ['name', 'email', 'country', 'message', 'slot_start'] as const satisfies readonly BookingFormField[]

/** A hold worth keeping: no end, or more than 5 s left by the server's clock. */
export function holdIsLive(held: HeldBooking | null, now = serverNow()): held is HeldBooking {
  return held !== null && (held.holdExpiresAt === null || Date.parse(held.holdExpiresAt) > now + 5_000)
}

/** What the form shows after a refused hold. */
export interface HoldProblem {
  fields: Partial<Record<BookingFormField, FieldCode>>
  form: ErrorCode
  /** A taken time: the free ones the server offers instead (the chosen time is gone). */
  nextSlots: Slot[]
  /** The calendar asks for its free times again. */
  refresh: boolean
  /** The first problem beside a field takes focus. */
  focus: boolean
}

/** The server's answer to a hold, mapped onto the form: fields beside their inputs, the rest as one message. */
export function holdProblem(thrown: unknown): HoldProblem {
  const error = asApiError(thrown)
  if (error.code === 'slot_taken') return { fields: {}, form: 'slot_taken', nextSlots: nextSlotsOf(error), refresh: true, focus: false }
  if (error.code === 'validation_failed') {
    const { fields, form } = splitFieldErrors(error, FORM_FIELDS)
    return { fields, form: form ?? 'validation_failed', nextSlots: [], refresh: Boolean(fields.slot_start), focus: true }
  }
  return { fields: {}, form: errorCode(error.code), nextSlots: [], refresh: false, focus: false }
}

/**
 * The hold of this tab for `plan`: the live one of the draft (checked with the server after Back
 * or a reload, with its documents), and `hold(body)`, which makes one with an Idempotency-Key
 * (the same key for the same body, so a retry returns the same booking) or throws the ApiError.
 */
export function useHold({ draft, updateDraft }: Pick<Flow, 'draft' | 'updateDraft'>, plan: string, authToken: string | null) {
  const createHold = useCreateHold()
  const cancelHold = useCancelBooking()
  const [attached, setAttached] = useState<BookingDocument[]>([])
  const held = draft.held && draft.held.plan === plan && holdIsLive(draft.held) ? draft.held : null

  const heldId = held?.id
  useEffect(() => {
    if (!heldId) return
    const token = tokenFor(heldId)
    if (!token) return
    const controller = new AbortController()
    fetchBooking(heldId, { token }, controller.signal).then(
      (booking) => {
        if (controller.signal.aborted) return
        if (booking.status === 'held') setAttached(booking.documents)
        else updateDraft((current) => (current.held?.id === heldId ? { ...current, held: null, attempt: null } : current))
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [heldId, updateDraft])

  const hold = async (body: BookingRequestBody): Promise<{ booking: Booking; token: string | null }> => {
    let current: Draft = draft
    // A hold made from another form (other time, other words) is let go first, so the
    // visitor never blocks the very time they now want.
    if (current.held && (current.held.signature !== signatureOf(body) || !holdIsLive(current.held))) {
      const old = current.held
      const token = tokenFor(old.id)
      if (token && holdIsLive(old)) await cancelHold.mutateAsync({ id: old.id, credentials: { token } }).catch(() => undefined)
      current = { ...current, held: null, attempt: null }
    }
    let attempt = keyFor(current, body)
    updateDraft((latest) => ({ ...latest, held: current.held, attempt }))
    let booking = await createHold.mutateAsync({ body, idempotencyKey: attempt.key, authToken })
    if (booking.status !== 'held') {
      // The key replayed a booking that has since expired: ask for a new hold.
      attempt = { key: newIdempotencyKey(), signature: attempt.signature }
      updateDraft((latest) => ({ ...latest, attempt }))
      booking = await createHold.mutateAsync({ body, idempotencyKey: attempt.key, authToken })
    }
    const token = booking.access_token ?? tokenFor(booking.id)
    if (booking.access_token) rememberToken(booking.id, booking.access_token)
    const nowHeld: HeldBooking = {
      id: booking.id,
      plan,
      slot: { start: booking.start, end: booking.end },
      holdExpiresAt: booking.hold_expires_at,
      signature: attempt.signature,
    }
    updateDraft((latest) => ({ ...latest, held: nowHeld }))
    setAttached(booking.documents)
    return { booking, token }
  }

  return { held, attached, hold }
}
