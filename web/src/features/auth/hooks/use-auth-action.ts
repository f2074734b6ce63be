import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loadAuthClient } from '../api/client-loader'
import { authErrorKey, type AuthAction, type ErrorLike } from '../auth-errors'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

/**
 * Runs one call of the auth client for a form: busy while it runs (the submit
 * button is disabled and says so), and the error, if any, in the page's
 * language. `call` returns auth-js's `{ error }`.
 */
export function useAuthAction(action: AuthAction) {
  const { t } = useTranslation('auth')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (call: (client: Client) => Promise<{ error: ErrorLike | null }>): Promise<boolean> => {
    setBusy(true)
    setError(null)
    try {
      const { error: failure } = await call(await loadAuthClient())
      if (failure) setError(t(`errors.${authErrorKey(failure, action)}`))
      return !failure
    } catch (thrown) {
      // A failed download of the client itself, or a bug: say so in the visitor's words.
      setError(t(`errors.${authErrorKey(thrown as ErrorLike, action)}`))
      return false
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, run, clearError: () => setError(null) }
}
