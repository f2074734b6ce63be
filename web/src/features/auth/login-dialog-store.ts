import { useSyncExternalStore } from 'react'

/**
 * The views of the login dialog (docs/product.md#login-dialog), plus the "Forgot password?" step
 * and the second step of a sign-in protected by two-step verification (`mfa`).
 */
export type LoginView = 'options' | 'signup' | 'signin' | 'forgot' | 'mfa'

/**
 * Which view the login dialog shows, or null when it is closed. A module
 * store rather than context: the header, the mobile menu and the account
 * page all open it, and the dialog itself lives once, in the layout.
 */
let openView: LoginView | null = null
const listeners = new Set<() => void>()

function set(view: LoginView | null): void {
  openView = view
  for (const listener of listeners) listener()
}

export function openLoginDialog(view: LoginView = 'options'): void {
  set(view)
}

export function closeLoginDialog(): void {
  set(null)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLoginDialogView(): LoginView | null {
  return useSyncExternalStore(subscribe, () => openView, () => null)
}
