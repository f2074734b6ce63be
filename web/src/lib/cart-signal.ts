import { readStored, STORAGE_KEYS } from './storage'

/**
 * How the store tells the header's cart button that the cart changed: the count is kept in
 * localStorage (`rumbo.cart.count`), and the tab that changed it sends this window event; other
 * tabs hear the `storage` event. `open` asks the button to open the cart drawer ("Add to cart").
 */
export const CART_EVENT = 'rumbo:cart'

export interface CartSignal {
  count: number
  open?: boolean
}

/** The number of items in the visitor's cart as last seen by any tab; 0 when none is known. */
export function readCartCount(): number {
  const count = Number(readStored(STORAGE_KEYS.cartCount))
  return Number.isInteger(count) && count > 0 ? count : 0
}
