import { useState } from 'react'
import { loadAuthClient } from '../api/client-loader'
import { authErrorKey, type AuthAction, type AuthErrorKey, type ErrorLike } from '../auth-errors'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

/**
 * Where the change stands: choosing the password (`typed` fills the form again after a
 * step back), or confirming with the e-mailed code. The password waiting for its code
 * lives here, in memory only.
 */
export type PasswordChangeStep = { name: 'password'; typed: string } | { name: 'code'; password: string }

/** A failed attempt: its message (an `auth:errors.*` key) and the field it concerns. */
export interface PasswordChangeProblem {
  key: AuthErrorKey
  field: 'password' | 'code' | null
}

/** What just happened that the visitor should hear about. */
export type PasswordChangeNews = 'changed' | 'codeResent' | null

// Answers about the password itself: the visitor has to choose another one.
const PASSWORD_PROBLEMS: ReadonlySet<string> = new Set(['weak_password', 'same_password'])

function problemOf(error: ErrorLike, action: AuthAction): PasswordChangeProblem {
  const key = authErrorKey(error, action)
  if (PASSWORD_PROBLEMS.has(key)) return { key, field: 'password' }
  return { key, field: key === 'reauthentication_not_valid' ? 'code' : null }
}

/**
 * A signed-in user's password change (docs/auth-api.md#password-change). PUT /user answers
 * `reauthentication_needed` when the session signed in too long ago; the server then mails
 * a code (GET /reauthenticate) that goes back as `nonce` with the same password.
 */
export function usePasswordChange() {
  const [step, setStep] = useState<PasswordChangeStep>({ name: 'password', typed: '' })
  const [busy, setBusy] = useState<'change' | 'resend' | null>(null)
  const [problem, setProblem] = useState<PasswordChangeProblem | null>(null)
  const [news, setNews] = useState<PasswordChangeNews>(null)
  // Each success starts a new round: the form is emptied.
  const [round, setRound] = useState(0)

  const run = async (kind: 'change' | 'resend', action: AuthAction, work: (client: Client) => Promise<void>) => {
    if (busy) return
    setBusy(kind)
    setProblem(null)
    setNews(null)
    try {
      await work(await loadAuthClient())
    } catch (thrown) {
      // A failed download of the client itself, or a bug: said in the visitor's words.
      setProblem(problemOf(thrown as ErrorLike, action))
    } finally {
      setBusy(null)
    }
  }

  const changed = () => {
    setStep({ name: 'password', typed: '' })
    setRound((n) => n + 1)
    setNews('changed')
  }

  const sendCode = async (client: Client): Promise<boolean> => {
    const { error } = await client.reauthenticate()
    if (error) setProblem(problemOf(error, 'reauthenticate'))
    return !error
  }

  const submitPassword = (password: string) =>
    run('change', 'updatePassword', async (client) => {
      const { error } = await client.updateUser({ password })
      if (!error) return changed()
      if (error.code !== 'reauthentication_needed') return setProblem(problemOf(error, 'updatePassword'))
      if (await sendCode(client)) setStep({ name: 'code', password })
    })

  const submitCode = (nonce: string) => {
    if (step.name !== 'code') return
    const { password } = step
    return run('change', 'updatePassword', async (client) => {
      const { error } = await client.updateUser({ password, nonce })
      if (!error) return changed()
      const found = problemOf(error, 'updatePassword')
      setProblem(found)
      if (found.field === 'password') setStep({ name: 'password', typed: password })
    })
  }

  const resendCode = () =>
    run('resend', 'reauthenticate', async (client) => {
      if (await sendCode(client)) setNews('codeResent')
    })

  const back = () => {
    if (step.name === 'code') setStep({ name: 'password', typed: step.password })
    setProblem(null)
    setNews(null)
  }

  return { step, busy, problem, news, round, submitPassword, submitCode, resendCode, back }
}
