/**
 * The little the checkout needs of the store's cart client: which guest cart this browser
 * holds, and the "empty cart" news after an order. The cart module (features/store/cart/)
 * owns these keys and will replace this file.
 */
export const CART_TOKEN_KEY = 'rumbo.cart'
export const CART_COUNT_KEY = 'rumbo.cart.count'
export const CART_EVENT = 'rumbo:cart'

/** The guest cart's token, if this browser has one. */
export function readGuestCartToken(): string | null {
  try {
    const token = window.localStorage.getItem(CART_TOKEN_KEY)
    return token && token.trim() !== '' ? token : null
  } catch {
    return null
  }
}

/** After a paid order: no guest cart any more, the header's count says 0, and whoever listens hears it. */
export function clearCartAfterOrder(): void {
  try {
    window.localStorage.removeItem(CART_TOKEN_KEY)
    window.localStorage.setItem(CART_COUNT_KEY, '0')
  } catch {
    // Without storage the header learns it from the event alone.
  }
  window.dispatchEvent(new CustomEvent(CART_EVENT))
}
