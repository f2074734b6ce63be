import { lazy, Suspense } from 'react'
import { i18n } from '../../../i18n/setup'
import { loadAuthClient } from '../api/client-loader'
import { closeLoginDialog, useLoginDialogView } from '../login-dialog-store'

const loadDialog = () => import('./LoginDialog')
// Opened without a warm-up (a touch, the account page's button): everything starts at once.
const LoginDialog = lazy(() => {
  preloadLoginDialog()
  return loadDialog()
})

/**
 * Starts what the dialog needs (its code, its words, the auth client) as a
 * pointer or the keyboard reaches 'Log In', so it opens without a wait.
 * Failures are left for the dialog to report when it is used.
 */
export function preloadLoginDialog(): void {
  void loadDialog().catch(() => undefined)
  void i18n.loadNamespaces('auth').catch(() => undefined)
  void loadAuthClient().catch(() => undefined)
}

/** Mounted once in the layout; renders the dialog only while it is open. */
export function LoginDialogHost() {
  const view = useLoginDialogView()
  if (!view) return null
  return (
    <Suspense fallback={null}>
      <LoginDialog initialView={view} onClose={closeLoginDialog} />
    </Suspense>
  )
}
