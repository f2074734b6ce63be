/**
 * Everything Rumbo keeps in the browser's local storage (the tab's session storage is in
 * session-keys.ts). The privacy page lists exactly these keys; add one here only together
 * with its explanation there.
 */
export const STORAGE_KEYS = {
  /** Explicit language choice: en | es | pt. */
  lang: 'rumbo:lang',
  /** Cookie banner answer: accepted | declined. */
  consent: 'rumbo:consent',
  /** Language suggestion popup: dismissed. */
  langSuggestion: 'rumbo:lang-suggestion',
  /** The sign-in session (auth-js's storageKey): present only while signed in. */
  auth: 'rumbo:auth',
  /** The guest cart's secret (the store's cart token); forgotten once merged into a signed-in user's cart. */
  cart: 'rumbo.cart',
  /** How many items the cart holds, for the header's cart button (every tab reads it). */
  cartCount: 'rumbo.cart.count',
} as const

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

// Storage can throw (disabled cookies, private modes, quota): the site must keep working.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Without storage the choice lasts for this page view only; that is acceptable.
  }
}
