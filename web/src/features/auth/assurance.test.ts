import type { Session } from '@supabase/auth-js'
import { describe, expect, it } from 'vitest'
import { secondStepPending } from './assurance'

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const token = (claims: Record<string, unknown>) => `${base64url({ alg: 'ES256' })}.${base64url(claims)}.signature`
const session = (aal: string, factors: { status: string }[]) =>
  ({ access_token: token({ sub: 'u1', aal, name: 'Zoë ~~~ ???' }), user: { id: 'u1', factors } }) as unknown as Session

describe('secondStepPending (getAuthenticatorAssuranceLevel, read locally)', () => {
  it('is true only for an aal1 session of a user with a verified factor', () => {
    expect(secondStepPending(session('aal1', [{ status: 'verified' }]))).toBe(true)
    expect(secondStepPending(session('aal2', [{ status: 'verified' }]))).toBe(false)
    expect(secondStepPending(session('aal1', [{ status: 'unverified' }]))).toBe(false)
    expect(secondStepPending(session('aal1', []))).toBe(false)
    expect(secondStepPending(null)).toBe(false)
  })

  it('treats a token it cannot read as not pending (the server still decides)', () => {
    const broken = { access_token: 'not-a-jwt', user: { id: 'u1', factors: [{ status: 'verified' }] } } as unknown as Session
    expect(secondStepPending(broken)).toBe(false)
  })
})
