/**
 * A tiny cache of API answers, keyed by what was asked, shaped for React's `use()`:
 * a promise that records its outcome, so a cached answer renders without suspending.
 */
export type Resource<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

interface Entry {
  resource: Resource<unknown>
  storedAt: number
}

/** Content changes with an import, rarely: five minutes of reuse keeps navigation instant. */
const MAX_AGE_MS = 5 * 60_000
const MAX_ENTRIES = 60
const entries = new Map<string, Entry>()

function store(key: string, answer: Resource<unknown>): void {
  entries.delete(key)
  entries.set(key, { resource: answer, storedAt: Date.now() })
  // Oldest first (insertion order): drop the oldest beyond the limit.
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break
    entries.delete(oldest)
  }
}

/** The cached answer for `key`, or a new request; a failure is forgotten, so a retry asks again. */
export function resource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const cached = entries.get(key)
  if (cached && Date.now() - cached.storedAt < MAX_AGE_MS) return cached.resource as Resource<T>
  const pending: Resource<T> = load()
  pending.status = 'pending'
  pending.then(
    (value) => {
      pending.status = 'fulfilled'
      pending.value = value
    },
    (reason: unknown) => {
      pending.status = 'rejected'
      pending.reason = reason
      if (entries.get(key)?.resource === pending) entries.delete(key)
    },
  )
  store(key, pending)
  return pending
}

/** Stores an answer that is already known (the page data block). */
export function seedResource<T>(key: string, value: T): void {
  const known: Resource<T> = Promise.resolve(value)
  known.status = 'fulfilled'
  known.value = value
  store(key, known)
}

/** Tests only. */
export function clearResourcesForTests(): void {
  entries.clear()
}
