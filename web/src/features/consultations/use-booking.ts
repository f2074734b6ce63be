import { useCallback, useMemo } from 'react'
import { useAuth } from '../auth/hooks/use-auth'
import { ApiError } from '../../lib/api-client'
import type { Booking } from '../../lib/api/types'
import { answerOf } from '../../lib/query/answer'
import { useAppQueryClient } from '../../lib/query/query-client'
import { consultationKeys, useBookingQuery } from './queries'

export type BookingLoad =
  | { status: 'loading' }
  | { status: 'ready'; booking: Booking }
  /** `missing_token`: neither the booking's token nor a signed-in owner to ask with. */
  | { status: 'error'; code: string }

/**
 * One booking, read with its private token (from the manage link or this tab's storage)
 * and/or the signed-in owner's session. `replace` puts a newer view (after a payment,
 * a cancellation) in the query cache without asking again; `reload` asks again.
 */
export function useBooking(id: string | null, token: string | null) {
  const { session, loading: authLoading } = useAuth()
  const authToken = session?.access_token ?? null
  const credentials = useMemo(() => ({ token, authToken }), [token, authToken])
  const canAsk = Boolean(id) && Boolean(token || authToken)
  const waiting = !token && authLoading
  const client = useAppQueryClient()
  const answer = useBookingQuery(id ?? '', credentials, canAsk)

  const { refetch } = answer
  const reload = useCallback(() => void refetch(), [refetch])
  const state = answerOf(answer)
  const replace = useCallback(
    (booking: Booking) => client.setQueryData(consultationKeys.booking(booking.id, credentials), booking),
    [client, credentials],
  )

  let load: BookingLoad
  if (!id || waiting) load = { status: 'loading' }
  else if (!canAsk) load = { status: 'error', code: 'missing_token' }
  else if (state.status === 'ready') load = { status: 'ready', booking: state.value }
  else if (state.status === 'error') load = { status: 'error', code: state.error instanceof ApiError ? state.error.code : 'unexpected' }
  else load = { status: 'loading' }
  return { load, reload, replace, credentials }
}
