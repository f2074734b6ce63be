/**
 * What a booking or a store order in progress keeps in this tab's sessionStorage (gone when the
 * tab closes); listed on the privacy page with the keys of storage.ts. Only pages that load
 * later read them, so this module stays out of the first load (vite.config.ts).
 */
export const SESSION_KEYS = {
  /** The booking form's values, the chosen time and plan, the pending hold. */
  draft: 'rumbo:help-booking',
  /** Booking id → its private access token (the manage link's token). */
  tokens: 'rumbo:booking-tokens',
  /** Booking ids whose confirmation was already counted (analytics). */
  leads: 'rumbo:booking-leads',
  /** The store's checkout: the order being paid, the last attempt's key, each order's private key, purchases counted. */
  store: 'rumbo:store',
  /** A summary of a passenger-rights check, written only when the traveller presses "Book a consultation"; the booking form reads it once into its message and deletes it. */
  bookingPrefill: 'rumbo:booking-prefill',
} as const
