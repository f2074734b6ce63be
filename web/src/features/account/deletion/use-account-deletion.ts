import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import { isApiError } from '../../../lib/api-client'
import { apiErrorText } from '../api/error-text'
import { loadAuthClient } from '../../auth/api/client-loader'
import { authErrorKey, type ErrorLike } from '../../auth/auth-errors'
import { showToast } from '../../toasts/toast-store'
import { currentToken, deleteAccount } from '../api/account-api'

/**
 * How the person confirms: their password, or (an account made with Google has none, which the
 * page cannot know for sure) the code `reauthenticate()` mails, sent as `nonce`.
 */
export type DeletionStep = { name: 'password' } | { name: 'code'; resent: boolean }

/** A refusal, in the visitor's words, and the field it is about. */
export interface DeletionProblem {
  text: string
  field: 'password' | 'code' | null
}

/**
 * Deleting the account (DELETE /api/v1/account, docs/product.md#account-page): confirmed with
 * the password or the mailed code, the confirmation mail in the page's language. Then this
 * browser signs out (`scope: 'local'`; the server has ended every session already), and the
 * visitor lands on the home page with a toast.
 */
export function useAccountDeletion() {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const { t: errors } = useTranslation('errors')
  const lang = useLang()
  const navigate = useNavigate()
  const [step, setStep] = useState<DeletionStep>({ name: 'password' })
  const [busy, setBusy] = useState<'delete' | 'code' | null>(null)
  const [problem, setProblem] = useState<DeletionProblem | null>(null)

  const sendCode = async () => {
    if (busy) return
    setBusy('code')
    setProblem(null)
    try {
      const { error } = await (await loadAuthClient()).reauthenticate()
      if (error) setProblem({ text: auth(`errors.${authErrorKey(error, 'reauthenticate')}`), field: null })
      else setStep({ name: 'code', resent: step.name === 'code' })
    } catch (thrown) {
      setProblem({ text: auth(`errors.${authErrorKey(thrown as ErrorLike, 'reauthenticate')}`), field: null })
    } finally {
      setBusy(null)
    }
  }

  const confirm = async (secret: string) => {
    if (busy) return
    setBusy('delete')
    setProblem(null)
    const field = step.name
    try {
      await deleteAccount(await currentToken(), field === 'password' ? { password: secret, lang } : { nonce: secret, lang })
    } catch (error) {
      const wrong = isApiError(error) && error.code === 'reauthentication_failed'
      setProblem({ text: apiErrorText(errors, error), field: wrong ? field : null })
      setBusy(null)
      return
    }
    showToast({ tone: 'success', title: t('delete.done') })
    // Home first, so the account page never shows its signed-out prompt on the way out.
    const signingOut = loadAuthClient().then((client) => client.signOut({ scope: 'local' }))
    void navigate(localizedPath('/', lang))
    await signingOut.catch(() => undefined)
  }

  const backToPassword = () => {
    setStep({ name: 'password' })
    setProblem(null)
  }

  return { step, busy, problem, sendCode, confirm, backToPassword }
}
