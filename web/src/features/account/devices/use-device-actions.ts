import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { loadAuthClient } from '../../auth/api/client-loader'
import { authErrorKey, type ErrorLike } from '../../auth/auth-errors'
import { currentToken, endDevice } from '../api/account-api'
import { devicesKey } from '../api/account-queries'
import { apiErrorText } from '../api/error-text'

/** What just happened, said beside the list (the button that did it is gone). */
export type DeviceNews = { kind: 'one'; name: string } | { kind: 'others' } | null

/**
 * Signing devices out: one (DELETE /api/v1/account/sessions/{id}; a 404 means it already was),
 * or every other one (auth-js `signOut({ scope: 'others' })`). The list is asked again after
 * each. `busyWith` is the device being signed out, or 'others'.
 */
export function useDeviceActions(userId: string) {
  const { t } = useTranslation('auth')
  const { t: errors } = useTranslation('errors')
  const queryClient = useAppQueryClient()
  const [busyWith, setBusyWith] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [news, setNews] = useState<DeviceNews>(null)

  const run = async (key: string, work: () => Promise<string | null>, done: DeviceNews) => {
    if (busyWith) return
    setBusyWith(key)
    setProblem(null)
    setNews(null)
    try {
      const failure = await work()
      setProblem(failure)
      if (!failure) setNews(done)
    } finally {
      setBusyWith(null)
      void queryClient.invalidateQueries({ queryKey: devicesKey(userId) })
    }
  }

  const signOutOne = (id: string, name: string) =>
    run(
      id,
      async () => {
        try {
          await endDevice(await currentToken(), id)
        } catch (error) {
          // Gone already (it signed out, or expired): the list asked again shows it so.
          if (!(isApiError(error) && error.status === 404)) return apiErrorText(errors, error)
        }
        return null
      },
      { kind: 'one', name },
    )

  const signOutOthers = () =>
    run(
      'others',
      async () => {
        try {
          const { error } = await (await loadAuthClient()).signOut({ scope: 'others' })
          return error ? t(`errors.${authErrorKey(error, 'signoutOthers')}`) : null
        } catch (thrown) {
          return t(`errors.${authErrorKey(thrown as ErrorLike, 'signoutOthers')}`)
        }
      },
      { kind: 'others' },
    )

  return { busyWith, problem, news, signOutOne, signOutOthers }
}
