import { lazy, Suspense } from 'react'
import type { NewsletterFormProps } from './NewsletterFormFields'

// The form is on every page (footer) but never above the fold's first paint: its code
// loads right after, and a box of the form's exact height holds its place meanwhile.
const NewsletterFormFields = lazy(() => import('./NewsletterFormFields'))

/** The newsletter sign-up (footer, home page, expired confirmation links). */
export function NewsletterForm(props: NewsletterFormProps) {
  return (
    <Suspense fallback={<div className="newsletter-form newsletter-pending" />}>
      <NewsletterFormFields {...props} />
    </Suspense>
  )
}
