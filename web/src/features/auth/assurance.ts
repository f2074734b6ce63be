import type { Session } from '@supabase/auth-js'

/** The claims of an access token (its middle part, base64url JSON); null when it cannot be read. */
function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1] ?? ''
    const claims: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Whether a session still owes its second step: signed in at `aal1` by a user who has a verified
 * factor (auth-js's getAuthenticatorAssuranceLevel says currentLevel aal1, nextLevel aal2). Read
 * the same way, from the token and the session's user, but without the client's lock, which an
 * auth event's listener must not wait for (auth-runtime.ts asks it with INITIAL_SESSION).
 */
export function secondStepPending(session: Session | null | undefined): boolean {
  if (!session) return false
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified')
  return verified && claimsOf(session.access_token)?.aal === 'aal1'
}
