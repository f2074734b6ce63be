import { useEffect, useState, type ReactNode } from 'react'
import { STORAGE_KEYS } from '../../lib/storage'
import { authNeededAtStart, loadAuthClient, onAuthClientLoaded } from './api/client-loader'
import { AuthContext, type AuthState } from './auth-context'

const SIGNED_OUT: AuthState = { user: null, session: null, loading: false }

/**
 * Keeps the auth state of SPEC §4. `loading` starts true and turns false
 * with the first session read or auth event. Without a stored session or a
 * link's answer in the address, reading storage is that first read: the
 * visitor is signed out, and the client is not loaded until needed.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => (authNeededAtStart() ? { ...SIGNED_OUT, loading: true } : SIGNED_OUT))

  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    const stopListening = onAuthClientLoaded((client) => {
      // INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY …:
      // every event carries the current session. Events from other tabs arrive the same way.
      const { data } = client.onAuthStateChange((_event, session) => {
        setState({ user: session?.user ?? null, session, loading: false })
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
    if (authNeededAtStart()) loadAuthClient().catch(() => setState(SIGNED_OUT))
    // A tab without the client still hears another tab signing in, through the storage event.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.auth && event.newValue) void loadAuthClient().catch(() => undefined)
    }
    window.addEventListener('storage', onStorage)
    return () => {
      stopListening()
      unsubscribe?.()
      window.removeEventListener('storage', onStorage)
    }
  }, [])

  return <AuthContext value={state}>{children}</AuthContext>
}
