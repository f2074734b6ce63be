import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/** The footer's newsletter section: on every page, so "Subscribe" always has somewhere to go. */
export const NEWSLETTER_ANCHOR = 'newsletter'

/**
 * The header's Subscribe item (docs/product.md#layout): it scrolls
 * to the footer's sign-up (smoothly, unless the visitor prefers less motion:
 * the page's CSS decides) and puts the cursor in its e-mail field. Without the
 * form (no script yet), it is a plain link to the section.
 */
export function SubscribeLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...props} href={`#${NEWSLETTER_ANCHOR}`} onClick={goToForm}>
      {children}
    </a>
  )
}

function goToForm(event: MouseEvent) {
  event.preventDefault()
  // The scrolling and waiting code loads on the first click; without it, the plain anchor's jump.
  void import('./go-to-form').then(
    (module) => module.goToForm(NEWSLETTER_ANCHOR),
    () => (window.location.hash = NEWSLETTER_ANCHOR),
  )
}
