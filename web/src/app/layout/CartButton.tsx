import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/ui/Icon'
import { useAuth } from '../../features/auth/hooks/use-auth'
import { i18n } from '../../i18n/setup'
import { useLang } from '../../i18n/use-lang'
import { CART_EVENT, readCartCount, type CartSignal } from '../../lib/cart-signal'
import { readStored, STORAGE_KEYS } from '../../lib/storage'

// Everything of the store loads on demand: the drawer (and the cart client with it) on the first
// use of this button, or when a page asks for it after "Add to cart".
const loadDrawer = () => import('../../features/store/cart/CartDrawer')
// The header has no error boundary: a failed download (offline) leaves the page as it is.
const CartDrawer = lazy((): Promise<{ default: ComponentType<{ onClose: () => void }> }> => loadDrawer().catch(() => ({ default: () => null })))

function preload(): void {
  void loadDrawer().catch(() => undefined)
  void i18n.loadNamespaces('store').catch(() => undefined)
}

/**
 * The header's cart (on every page): a bag with the item count the store keeps in localStorage,
 * updated by the store's `rumbo:cart` event in this tab and the `storage` event from others.
 * It opens the cart drawer, and keeps the count in step with signing in and out.
 */
export function CartButton() {
  const { t } = useTranslation('navigation')
  const lang = useLang()
  const { session, loading } = useAuth()
  const [count, setCount] = useState(readCartCount)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const update = (event: Event) => {
      setCount(readCartCount())
      if ((event as CustomEvent<CartSignal | undefined>).detail?.open) setOpen(true)
    }
    window.addEventListener(CART_EVENT, update)
    window.addEventListener('storage', update)
    return () => {
      window.removeEventListener(CART_EVENT, update)
      window.removeEventListener('storage', update)
    }
  }, [])

  // Signed in with a guest cart (merged once) or no count yet (the user's cart is read); signed
  // out with a count but no guest cart (the signed-in user's count is forgotten).
  const authToken = session?.access_token ?? null
  useEffect(() => {
    if (loading) return
    const guest = readStored(STORAGE_KEYS.cart) !== null
    const known = readStored(STORAGE_KEYS.cartCount) !== null
    if (authToken ? guest || !known : known && !guest) {
      void import('../../features/store/cart/cart-store').then((cart) => cart.syncCartSession({ lang, authToken })).catch(() => undefined)
    }
  }, [authToken, loading, lang])

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t('cart', { count })}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        className="icon-btn relative text-ocean-900"
      >
        <Icon name="bag" />
        {count > 0 && (
          <span aria-hidden="true" className="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
