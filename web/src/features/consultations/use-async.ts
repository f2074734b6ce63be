import { useCallback, useEffect, useState } from 'react'

export type Async<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown }

/**
 * The answer of `load` for `key` (null: nothing to load yet), asked again when the key
 * changes or on `retry`. Until the answer for the current key arrives, it is loading; an
 * older answer that arrives late is ignored.
 */
export function useAsync<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  /** An answer already known for this key (a cache): shown at once, without a loading state. */
  known?: T,
): Async<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const requestKey = key === null ? null : `${key}#${attempt}`
  const [state, setState] = useState<{ key: string | null; value: Async<T> } | null>(null)

  const useKnown = known !== undefined && attempt === 0
  useEffect(() => {
    if (requestKey === null || useKnown) return
    const controller = new AbortController()
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setState({ key: requestKey, value: { status: 'ready', value } }),
      (error: unknown) => !controller.signal.aborted && setState({ key: requestKey, value: { status: 'error', error } }),
    )
    return () => controller.abort()
    // `load` is recreated on every render; the key names what it loads.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [requestKey, useKnown])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const value: Async<T> =
    state && state.key === requestKey ? state.value : useKnown ? { status: 'ready', value: known } : { status: 'loading' }
  return { ...value, retry }
}

/**
 * Answers kept per key while they succeed (plans and testimonials load once per language);
 * `known` gives an answer that has arrived, so the next step renders it without waiting.
 */
export class AnswerCache<T> {
  private readonly pending = new Map<string, Promise<T>>()
  private readonly answers = new Map<string, T>()

  get(key: string, load: () => Promise<T>): Promise<T> {
    let promise = this.pending.get(key)
    if (!promise) {
      promise = load()
      this.pending.set(key, promise)
      promise.then(
        (value) => this.answers.set(key, value),
        () => this.pending.delete(key),
      )
    }
    return promise
  }

  known(key: string): T | undefined {
    return this.answers.get(key)
  }
}
