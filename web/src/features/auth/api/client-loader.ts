import type { GoTrueClient } from '@supabase/auth-js'
import { readStored, STORAGE_KEYS } from '../../../lib/storage'

/**
 * The auth client (auth-js, about 26 KB gzip) stays out of the first load
 * (web/README.md, "Performance budget"). It loads when the page needs it:
 * a stored session to resume, a link's answer in the address, the login
 * dialog opening, or another tab signing in.
 */
let client: GoTrueClient | undefined
let pending: Promise<GoTrueClient> | undefined
const listeners = new Set<(client: GoTrueClient) => void>()

// The keys GoTrue's redirects put in the address (docs/auth-api.md#redirects); `sb` marks all of them.
const CALLBACK_IN_URL = /[#?&](access_token|error|error_code|error_description|sb)(=|&|$)/

/** Whether this page view must load the client at once rather than on demand. */
export function authNeededAtStart(): boolean {
  const { hash, search } = window.location
  return readStored(STORAGE_KEYS.auth) !== null || CALLBACK_IN_URL.test(search + hash)
}

/** Loads and starts the one client (once), telling every listener when it is ready. */
export function loadAuthClient(): Promise<GoTrueClient> {
  pending ??= import('./auth-runtime').then(
    ({ startAuthRuntime }) => {
      client = startAuthRuntime()
      for (const listener of listeners) listener(client)
      return client
    },
    (error: unknown) => {
      pending = undefined // a failed download may be retried on the next attempt
      throw error
    },
  )
  return pending
}

/** Calls `listener` with the client once it is loaded (at once if it already is). */
export function onAuthClientLoaded(listener: (client: GoTrueClient) => void): () => void {
  listeners.add(listener)
  if (client) listener(client)
  return () => listeners.delete(listener)
}
