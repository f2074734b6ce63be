import type { Factor } from '@supabase/auth-js'
import { useEffect, useRef, useState } from 'react'
import { loadAuthClient } from '../api/client-loader'
import type { ErrorLike } from '../auth-errors'
import { codeProblemOf, useCodeAttempt } from './use-code-attempt'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

interface Challenge {
  factorId: string
  id: string
  /** Unix seconds (GoTrue's `expires_at`: five minutes after it was made). */
  expiresAt: number
}

// The challenge is gone (expired, already used, asked from another address): a new one is due.
const CHALLENGE_GONE: ReadonlySet<string | undefined> = new Set(['mfa_challenge_expired', 'mfa_factor_not_found', 'mfa_ip_address_mismatch'])
// A challenge this close to its end is not worth sending a code with.
const MARGIN_MS = 5_000

/** A new challenge for the factor, or the error that prevented it. */
async function requestChallenge(client: Client, factorId: string): Promise<Challenge | { error: ErrorLike }> {
  const { data, error } = await client.mfa.challenge({ factorId })
  return error ? { error } : { factorId, id: data.id, expiresAt: data.expires_at }
}

/**
 * The second step of a sign-in with a code from the authenticator app (auth-js's mfa API): the
 * user's verified TOTP factors, a challenge made in advance and made again when it expired, and
 * the verification that turns the session into an aal2 one.
 */
export function useTotpStep() {
  const [factors, setFactors] = useState<Factor[] | null>(null)
  const [factorId, setFactorId] = useState('')
  const challenge = useRef<Challenge | null>(null)
  const attempt = useCodeAttempt('mfa')
  const { setProblem } = attempt

  // The factors, then a first challenge, so that a code is checked with one request.
  useEffect(() => {
    let cancelled = false
    const start = async () => {
      const client = await loadAuthClient()
      const { data, error } = await client.mfa.listFactors()
      if (cancelled) return
      if (error) return setProblem(codeProblemOf(error, 'mfa'))
      setFactors(data.totp)
      const first = data.totp[0]
      if (!first) return setProblem({ key: 'mfa_factor_not_found', field: null })
      setFactorId(first.id)
      const made = await requestChallenge(client, first.id)
      // Without one now, the first code asks for it again (and says what went wrong then).
      if (!('error' in made)) challenge.current ??= made
    }
    start().catch((thrown: unknown) => !cancelled && setProblem(codeProblemOf(thrown as ErrorLike, 'mfa')))
    return () => {
      cancelled = true
    }
  }, [setProblem])

  const verifyWith = async (client: Client, code: string): Promise<ErrorLike | null> => {
    const current = challenge.current
    const usable = current && current.factorId === factorId && current.expiresAt * 1000 > Date.now() + MARGIN_MS
    let challengeId = current?.id ?? ''
    if (!usable) {
      const made = await requestChallenge(client, factorId)
      if ('error' in made) return made.error
      challenge.current = made
      challengeId = made.id
    }
    const { error } = await client.mfa.verify({ factorId, challengeId, code })
    if (error && CHALLENGE_GONE.has(error.code)) challenge.current = null
    return error
  }

  /** Checks `code`; resolves true once the session is at aal2. */
  const verify = (code: string) =>
    attempt.run(async (client) => {
      if (!factorId) return { code: 'mfa_factor_not_found' }
      const error = await verifyWith(client, code)
      // The challenge was gone, but the code may well be right: once more, with a new challenge.
      return error && CHALLENGE_GONE.has(error.code) ? verifyWith(client, code) : error
    })

  const choose = (id: string) => {
    setFactorId(id)
    challenge.current = null
  }

  return { factors, factorId, choose, verify, busy: attempt.busy, problem: attempt.problem }
}
