import type { AnchorHTMLAttributes } from 'react'

/** The footer's newsletter section: on every page, so "Subscribe" always has somewhere to go. */
export const NEWSLETTER_ANCHOR = 'newsletter'

/**
 * The header's Subscribe item (SPEC §2, DECISIONS "No dead ends"): the link
 * scrolls to the footer's sign-up (smoothly, unless the visitor prefers less
 * motion) and the cursor goes into its e-mail field.
 */
export function SubscribeLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...props} href={`#${NEWSLETTER_ANCHOR}`} onClick={focusField}>
      {children}
    </a>
  )
}

const focusField = () => document.querySelector<HTMLInputElement>(`#${NEWSLETTER_ANCHOR} input`)?.focus({ preventScroll: true })
