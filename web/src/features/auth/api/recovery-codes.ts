import type { Session } from '@supabase/auth-js'
import { apiRequest, type ApiRequest } from '../../../lib/api-client'
import { readRuntimeConfig } from '../../../lib/config'

/**
 * Recovery codes of two-step verification: our own endpoints beside GoTrue's under /auth/v1
 * (auth-js has no call for them), with the anon key and the user's token as auth-js sends them
 * (docs/product.md#two-step-verification).
 */
function authRequest(token: string, request: ApiRequest = {}): ApiRequest {
  const { authUrl, anonKey } = readRuntimeConfig()
  return { ...request, base: authUrl, auth: token, headers: anonKey ? { apikey: anonKey } : {} }
}

/** POST recovery-codes (an aal2 session): a fresh set of ten, replacing any older one; shown once. */
export async function createRecoveryCodes(token: string): Promise<string[]> {
  const answer = await apiRequest<{ codes: string[] }>('recovery-codes', authRequest(token, { method: 'POST', json: {} }))
  return answer.codes
}

/** GET recovery-codes: how many unused codes are left. */
export async function fetchRecoveryCodesLeft(token: string, signal?: AbortSignal): Promise<number> {
  const answer = await apiRequest<{ remaining: number }>('recovery-codes', authRequest(token, { signal }))
  return answer.remaining
}

/** The session the verify endpoint answers with, shaped like the password grant's. */
export type RecoverySession = Pick<Session, 'access_token' | 'refresh_token' | 'expires_in' | 'token_type' | 'user'> & {
  expires_at?: number
}

/**
 * POST recovery-codes/verify from an aal1 session: a right, unused code answers a new session at
 * aal2 (to be installed with auth-js's setSession); a wrong or used one 422 mfa_verification_failed.
 */
export function verifyRecoveryCode(token: string, code: string): Promise<RecoverySession> {
  return apiRequest<RecoverySession>('recovery-codes/verify', authRequest(token, { method: 'POST', json: { code } }))
}
