import { CART_EVENT, readCartCount, type CartSignal } from '../../../lib/cart-signal'
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage'

/**
 * What the cart keeps in the browser: the guest cart's token (`rumbo.cart`) and the item count
 * (`rumbo.cart.count`) the header shows. Storage may be unavailable: the cart then lasts for the
 * page view.
 */
function remove(key: string): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function readCartToken(): string | null {
  return readStored(STORAGE_KEYS.cart) || null
}

export function saveCartToken(token: string): void {
  writeStored(STORAGE_KEYS.cart, token)
}

export function forgetCartToken(): void {
  remove(STORAGE_KEYS.cart)
}

function signal(detail: CartSignal): void {
  window.dispatchEvent(new CustomEvent<CartSignal>(CART_EVENT, { detail }))
}

/**
 * Stores the count (null: no cart known) and tells this tab's header; other tabs hear the
 * `storage` event of the same write.
 */
export function publishCount(count: number | null): void {
  if (count === null) remove(STORAGE_KEYS.cartCount)
  else writeStored(STORAGE_KEYS.cartCount, String(count))
  signal({ count: count ?? 0 })
}

/** Asks the header's cart button to open the drawer (after "Add to cart"). */
export function requestCartDrawer(): void {
  signal({ count: readCartCount(), open: true })
}
