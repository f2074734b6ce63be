import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/** The footer's newsletter section: on every page, so "Subscribe" always has somewhere to go. */
export const NEWSLETTER_ANCHOR = 'newsletter'

/**
 * The header's Subscribe item (SPEC §2, DECISIONS "No dead ends"): it scrolls
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
  const field = document.querySelector<HTMLInputElement>(`#${NEWSLETTER_ANCHOR} input`)
  if (!field) return
  event.preventDefault()
  field.focus({ preventScroll: true })
  // The field exists, so the form's code has arrived: this import is immediate.
  void import('./NewsletterFormFields').then((form) => form.bringIntoView(field))
}
