import { useState } from 'react'
import type { Lang } from '../../../i18n/languages'
import { PAGE_PATHS } from '../../../lib/site-map'
import { loadAuthClient } from '../api/client-loader'
import { siteUrl } from '../api/redirects'
import { knownAuthErrorKey, type AuthErrorKey, type ErrorLike } from '../auth-errors'
import { isEmailShaped } from '../validation'

/** A refusal's words (a key of the `auth` namespace) and whether it is about the typed address. */
export interface EmailChangeProblem {
  key: `account.emailChange.${'required' | 'same' | 'taken' | 'failed'}` | 'invalid_email' | `errors.${AuthErrorKey}`
  field: boolean
}

function problemOf(error: ErrorLike): EmailChangeProblem {
  // The address belongs to another account: 'Sign in instead' (the sign-up's words) would not fit here.
  if (error.code === 'email_exists' || error.code === 'user_already_exists') return { key: 'account.emailChange.taken', field: true }
  if (error.code === 'email_address_invalid' || error.code === 'validation_failed') return { key: 'errors.email_address_invalid', field: true }
  const known = knownAuthErrorKey(error)
  return { key: known ? `errors.${known}` : 'account.emailChange.failed', field: false }
}

/** The browser's checks before asking: an address, shaped like one, and not the current one. */
export function checkNewEmail(typed: string, current: string): EmailChangeProblem | null {
  const email = typed.trim()
  if (email === '') return { key: 'account.emailChange.required', field: true }
  if (!isEmailShaped(email)) return { key: 'invalid_email', field: true }
  if (email.toLowerCase() === current.trim().toLowerCase()) return { key: 'account.emailChange.same', field: true }
  return null
}

/**
 * A signed-in user's change of address (docs/auth-api.md, GoTrue's secure e-mail change):
 * PUT /user with the new address; the server mails a link to the current and to the new
 * address, and changes it once both are opened. The links land on the account page in the
 * page's language (the first one with `#message=…`, which `announceUrlCallback` says in the
 * visitor's words). Until then the user carries `new_email`.
 */
export function useEmailChange(currentEmail: string, lang: Lang) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<EmailChangeProblem | null>(null)
  // The addresses of the request made on this visit, for 'We sent a link to … and to …'.
  const [sent, setSent] = useState<{ email: string; newEmail: string } | null>(null)
  // Each success starts a new round: the field is emptied.
  const [round, setRound] = useState(0)

  const submit = async (typed: string) => {
    if (busy) return
    const found = checkNewEmail(typed, currentEmail)
    setProblem(found)
    if (found) return
    const newEmail = typed.trim()
    setBusy(true)
    setSent(null)
    try {
      const client = await loadAuthClient()
      const { data, error } = await client.updateUser({ email: newEmail }, { emailRedirectTo: siteUrl(PAGE_PATHS.account, lang) })
      if (error) return setProblem(problemOf(error))
      setSent({ email: currentEmail, newEmail: data.user?.new_email ?? newEmail })
      setRound((n) => n + 1)
    } catch (thrown) {
      // A failed download of the client itself, or a bug: said in the visitor's words.
      setProblem(problemOf(thrown as ErrorLike))
    } finally {
      setBusy(false)
    }
  }

  return { busy, problem, sent, round, submit }
}
