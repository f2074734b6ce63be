import { useCallback, useRef } from 'react'
import { newIdempotencyKey } from '../../../lib/api-client'

/**
 * The Idempotency-Key of a form's submission: a new one for each new submission, the same one when
 * the same body is sent again after a failure (a retry), so the server answers that one request
 * once however often it arrives. `done()` after a success: the next submission is a new one.
 */
export function useSubmissionKey() {
  const last = useRef<{ body: string; key: string } | null>(null)
  const keyFor = useCallback((body: unknown) => {
    const json = JSON.stringify(body)
    const previous = last.current
    const current = previous && previous.body === json ? previous : { body: json, key: newIdempotencyKey() }
    last.current = current
    return current.key
  }, [])
  const done = useCallback(() => {
    last.current = null
  }, [])
  return { keyFor, done }
}
