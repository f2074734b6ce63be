import { useCallback, useMemo, useState } from 'react'
import { useAuth } from '../auth/hooks/use-auth'
import { ApiError } from '../../lib/api-client'
import { fetchBooking } from './api'
import type { Booking } from '../../lib/api/types'
import { useAsync } from './use-async'

export type BookingLoad =
  | { status: 'loading' }
  | { status: 'ready'; booking: Booking }
  /** `missing_token`: neither the booking's token nor a signed-in owner to ask with. */
  | { status: 'error'; code: string }

/**
 * One booking, read with its private token (from the manage link or this tab's storage)
 * and/or the signed-in owner's session. `replace` puts a newer view (after a payment,
 * a cancellation) in place without asking again; `reload` asks again.
 */
export function useBooking(id: string | null, token: string | null) {
  const { session, loading: authLoading } = useAuth()
  const authToken = session?.access_token ?? null
  const credentials = useMemo(() => ({ token, authToken }), [token, authToken])
  const canAsk = Boolean(id) && Boolean(token || authToken)
  const waiting = !token && authLoading
  const answer = useAsync(canAsk ? `booking:${id}:${token ?? ''}:${authToken ?? ''}` : null, (signal) =>
    fetchBooking(id ?? '', credentials, signal),
  )
  // A newer view known without asking (the answer of a payment or a cancellation).
  const [replaced, setReplaced] = useState<Booking | null>(null)

  const { retry } = answer
  const reload = useCallback(() => {
    setReplaced(null)
    retry()
  }, [retry])
  const replace = useCallback((booking: Booking) => setReplaced(booking), [])

  let load: BookingLoad
  if (!id || waiting) load = { status: 'loading' }
  else if (!canAsk) load = { status: 'error', code: 'missing_token' }
  else if (replaced && replaced.id === id) load = { status: 'ready', booking: replaced }
  else if (answer.status === 'ready') load = { status: 'ready', booking: answer.value }
  else if (answer.status === 'error') load = { status: 'error', code: answer.error instanceof ApiError ? answer.error.code : 'unexpected' }
  else load = { status: 'loading' }
  return { load, reload, replace, credentials }
}
