import { useEffect, useState } from 'react'
import { loadAuthClient } from '../api/client-loader'
import { useAuth } from './use-auth'

/**
 * Whether the signed-in user still has to give the code of their authenticator app
 * (auth-js's getAuthenticatorAssuranceLevel: currentLevel aal1, nextLevel aal2): until then the
 * account page asks for it instead of showing the account (docs/product.md#two-step-verification).
 * Null until first known; afterwards the last answer stands while a new session is read, so
 * that what the page shows does not blink away when a token is refreshed or stepped up.
 */
export function useSecondStepPending(): boolean | null {
  const { session } = useAuth()
  const [pending, setPending] = useState<boolean | null>(null)

  useEffect(() => {
    if (!session) return
    let cancelled = false
    loadAuthClient()
      .then((client) => client.mfa.getAuthenticatorAssuranceLevel())
      .then(
        ({ data }) => !cancelled && setPending(data?.currentLevel === 'aal1' && data.nextLevel === 'aal2'),
        // Unknown: the account shows, and the server still refuses what needs aal2.
        () => !cancelled && setPending(false),
      )
    return () => {
      cancelled = true
    }
  }, [session])

  return session ? pending : false
}
