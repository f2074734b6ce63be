// The footer loads once the visitor heads for it (a click counts), so the form may still be on its way.
const FORM_WAIT_MS = 10_000

/**
 * Puts the cursor in the footer form's e-mail field (inside the element with id `anchor`) and
 * brings it into view, once the form is there.
 */
export function goToForm(anchor: string): void {
  void formField(anchor).then((field) => {
    if (!field) return
    field.focus({ preventScroll: true })
    // The field exists, so the form's code has arrived: this import is immediate.
    void import('./NewsletterFormFields').then((form) => form.bringIntoView(field))
  })
}

/** The footer form's e-mail field, as soon as it is in the page (null if it never comes). */
function formField(anchor: string): Promise<HTMLInputElement | null> {
  const find = () => document.querySelector<HTMLInputElement>(`#${anchor} input`)
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
