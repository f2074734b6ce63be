/**
 * The newsletter form (docs/product.md#newsletter: idle → subscribing → success) as a pure
 * reducer, with its rule: the address must be non-empty and contain '@'.
 * The server checks it properly; this only catches the obvious slip at once.
 */
export type NewsletterStatus = 'idle' | 'subscribing' | 'success'

/** How a request ended: `invalid` is the server refusing the address itself. */
export type SubscribeOutcome = 'success' | 'invalid' | 'failed'

export interface NewsletterFormState {
  status: NewsletterStatus
  email: string
  /** The address broke the rule (shown as 'Por favor ingresa un email válido' and its translations). */
  invalid: boolean
}

export type NewsletterAction = { type: 'edit'; email: string } | { type: 'submit' } | { type: 'done'; outcome: SubscribeOutcome }

export const INITIAL_FORM_STATE: NewsletterFormState = { status: 'idle', email: '', invalid: false }

export function isNewsletterEmail(value: string): boolean {
  const email = value.trim()
  return email !== '' && email.includes('@')
}

export function newsletterReducer(state: NewsletterFormState, action: NewsletterAction): NewsletterFormState {
  switch (action.type) {
    case 'edit':
      // Typing starts over: a new address after a success, or a correction after an error.
      return state.status === 'subscribing' ? state : { status: 'idle', email: action.email, invalid: false }
    case 'submit':
      if (state.status === 'subscribing') return state
      return isNewsletterEmail(state.email) ? { ...state, status: 'subscribing', invalid: false } : { ...state, status: 'idle', invalid: true }
    case 'done':
      if (state.status !== 'subscribing') return state
      // Success clears the field (docs/product.md#newsletter); a failure keeps it, to try again.
      return action.outcome === 'success'
        ? { status: 'success', email: '', invalid: false }
        : { ...state, status: 'idle', invalid: action.outcome === 'invalid' }
  }
}
