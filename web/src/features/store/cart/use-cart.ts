import { useMemo, useSyncExternalStore } from 'react'
import { useLang } from '../../../i18n/use-lang'
import { useAuth } from '../../auth/hooks/use-auth'
import type { CartContext } from './api'
import { getCartState, subscribeCart, type CartState } from './cart-store'

/** The cart as the store module knows it, re-rendering on every change. */
export function useCartState(): CartState {
  return useSyncExternalStore(subscribeCart, getCartState, getCartState)
}

/** Who asks: the page's language and, when signed in, the user's access token; `ready` false while the session is read. */
export function useCartContext(): CartContext & { ready: boolean } {
  const lang = useLang()
  const { session, loading } = useAuth()
  const authToken = session?.access_token ?? null
  return useMemo(() => ({ lang, authToken, ready: !loading }), [lang, authToken, loading])
}
