import { useState } from 'react'
import { loadAuthClient } from '../api/client-loader'
import { authErrorKey, type AuthAction, type AuthErrorKey, type ErrorLike } from '../auth-errors'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

/** A refused attempt: its message (an `auth:errors.*` key), and whether it is about the code typed. */
export interface CodeProblem {
  key: AuthErrorKey
  field: 'code' | null
}

// Answers that mean "this code", so the message is tied to the code's field.
const ABOUT_THE_CODE: ReadonlySet<AuthErrorKey> = new Set(['mfa_verification_failed', 'mfa_challenge_expired', 'recovery_code_invalid'])

export function codeProblemOf(error: ErrorLike, action: AuthAction): CodeProblem {
  const key = authErrorKey(error, action)
  return { key, field: ABOUT_THE_CODE.has(key) ? 'code' : null }
}

/**
 * Runs one step of two-step verification for a form: busy while it runs (`busyWith` says which
 * action), and what went wrong, if anything, as a message key. `work` returns the error it met
 * (auth-js's `{ error }`, or a thrown ApiError of our endpoints), or null when the step is done.
 * `action` picks the general message for an unknown failure.
 */
export function useCodeAttempt(defaultAction: AuthAction) {
  const [busyWith, setBusyWith] = useState<AuthAction | null>(null)
  const [problem, setProblem] = useState<CodeProblem | null>(null)

  const run = async (work: (client: Client) => Promise<ErrorLike | null>, action = defaultAction): Promise<boolean> => {
    if (busyWith) return false
    setBusyWith(action)
    setProblem(null)
    try {
      const error = await work(await loadAuthClient())
      if (error) setProblem(codeProblemOf(error, action))
      return !error
    } catch (thrown) {
      // A failed download of the client, an unreachable endpoint (ApiError), or a bug.
      setProblem(codeProblemOf(thrown as ErrorLike, action))
      return false
    } finally {
      setBusyWith(null)
    }
  }

  return { busy: busyWith !== null, busyWith, problem, run, setProblem }
}
