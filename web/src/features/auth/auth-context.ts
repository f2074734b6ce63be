import { createContext } from 'react'
import type { Session, User } from '@supabase/auth-js'

/** The auth state (docs/product.md#auth-state): the user, the session and whether the first read is still under way. */
export interface AuthState {
  user: User | null
  session: Session | null
  loading: boolean
}

export const AuthContext = createContext<AuthState | null>(null)
