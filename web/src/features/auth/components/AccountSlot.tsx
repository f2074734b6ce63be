import { lazy, Suspense, type ReactNode } from 'react'
import { useAuth } from '../hooks/use-auth'

// Signed-in visitors already loaded the auth client; the menu's code follows it.
const AccountMenu = lazy(() => import('./AccountMenu'))

/**
 * The header's account corner: `signedOut` (the 'Log In' button) for visitors,
 * the avatar menu once signed in, and a quiet placeholder of the same size
 * while a stored session is being read, so neither flashes in for the other.
 */
export function AccountSlot({ signedOut }: { signedOut: ReactNode }) {
  const { user, loading } = useAuth()
  const placeholder = <span aria-hidden="true" className="block size-10 rounded-full bg-sand-100" />
  if (loading) return placeholder
  if (!user) return signedOut
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu />
    </Suspense>
  )
}
