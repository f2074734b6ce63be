import { use } from 'react'
import { AuthContext, type AuthState } from '../auth-context'

/** The auth state; docs/product.md#auth-state: using it outside AuthProvider is a programming error. */
export function useAuth(): AuthState {
  const state = use(AuthContext)
  if (!state) throw new Error('useAuth must be used within an AuthProvider')
  return state
}
