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

// The footer loads once the visitor heads for it (a click counts), so the form may still be on its way.
const FORM_WAIT_MS = 10_000

function goToForm(event: MouseEvent) {
  event.preventDefault()
  void formField().then((field) => {
    if (!field) return
    field.focus({ preventScroll: true })
    // The field exists, so the form's code has arrived: this import is immediate.
    void import('./NewsletterFormFields').then((form) => form.bringIntoView(field))
  })
}

const find = () => document.querySelector<HTMLInputElement>(`#${NEWSLETTER_ANCHOR} input`)

/** The footer form's e-mail field, as soon as it is in the page (null if it never comes). */
function formField(): Promise<HTMLInputElement | null> {
  const present = find()
  if (present) return Promise.resolve(present)
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const field = find()
      if (field) done(field)
    })
    const timer = window.setTimeout(() => done(null), FORM_WAIT_MS)
    function done(field: HTMLInputElement | null) {
      observer.disconnect()
      window.clearTimeout(timer)
      resolve(field)
    }
    observer.observe(document.body, { childList: true, subtree: true })
  })
}
