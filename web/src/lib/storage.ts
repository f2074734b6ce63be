/**
 * Everything Rumbo keeps in the browser. The privacy page lists exactly these
 * keys; add one here only together with its explanation there.
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
} as const

/**
 * What a booking or a store order in progress keeps in this tab's sessionStorage (gone when the tab closes);
 * listed on the privacy page with the keys above.
 */
export const SESSION_KEYS = {
  /** The booking form's values, the chosen time and plan, the pending hold. */
  draft: 'rumbo:help-booking',
  /** Booking id → its private access token (the manage link's token). */
  tokens: 'rumbo:booking-tokens',
  /** Booking ids whose confirmation was already counted (analytics). */
  leads: 'rumbo:booking-leads',
  /** The store order this tab is paying for (its id and private key) and the key of the last attempt to place it. */
  checkout: 'rumbo:store-checkout',
  /** Order id → its private access key (the receipt e-mail's link). */
  orderTokens: 'rumbo:order-tokens',
  /** Order ids whose purchase was already counted (analytics). */
  purchases: 'rumbo:store-purchases',
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
