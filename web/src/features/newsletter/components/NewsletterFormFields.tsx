import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { track } from '../../../lib/analytics'
import { NEWSLETTER_ANCHOR } from './SubscribeLink'
import { INITIAL_FORM_STATE, isNewsletterEmail, newsletterReducer, type SubscribeOutcome } from '../form-state'

const LABELS = ['submit', 'subscribing', 'subscribed'] as const

const interaction = (type: 'focus' | 'error') => track({ name: 'form_interaction', form: 'newsletter', field: 'email', type })

/**
 * Scrolls to the footer's field for the header's Subscribe. Content still arriving above (an
 * infinite list reaching its end marker on the way) can push the footer away, so the field is
 * followed for a moment; the observer's first call makes the first scroll.
 */
export function bringIntoView(field: HTMLElement): void {
  const follow = new ResizeObserver(() => field.scrollIntoView({ block: 'center' }))
  follow.observe(document.body)
  setTimeout(() => follow.disconnect(), 1500)
}

export interface NewsletterFormProps {
  /** Which form it is, for the counts: footer, home, confirm-page ([a-z0-9_-]{1,32}). */
  source: string
  /** `dark` on the footer's deep teal. */
  tone?: 'light' | 'dark'
}

/**
 * The newsletter sign-up itself (see NewsletterForm, which loads it). The
 * request and its toasts load on the first submit. The button keeps one width
 * for all its labels and the error takes the note's place, so nothing moves
 * when the answer arrives.
 */
export default function NewsletterFormFields({ source, tone = 'light' }: NewsletterFormProps) {
  const { t } = useTranslation()
  const lang = useLang()
  const [state, dispatch] = useReducer(newsletterReducer, INITIAL_FORM_STATE)
  const [unreachable, setUnreachable] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const busy = state.status === 'subscribing'
  const label = LABELS[busy ? 1 : state.status === 'success' ? 2 : 0]

  // "Subscribe" pressed before this code arrived left the address at #newsletter: finish its job.
  useEffect(() => {
    if (window.location.hash === `#${NEWSLETTER_ANCHOR}` && input.current?.closest(`#${NEWSLETTER_ANCHOR}`)) input.current.focus()
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    dispatch({ type: 'submit' })
    setUnreachable(false)
    if (!isNewsletterEmail(state.email)) {
      input.current?.focus()
      interaction('error')
      return
    }
    import('../subscribe-flow')
      .then((flow) => flow.subscribeToNewsletter(state.email, lang, source))
      .catch((): SubscribeOutcome => {
        setUnreachable(true) // the code did not arrive, so neither can a toast: say it here
        return 'failed'
      })
      .then((outcome) => dispatch({ type: 'done', outcome }))
  }

  return (
    <form noValidate onSubmit={submit} className={`newsletter-form newsletter-${tone}`}>
      <label htmlFor={id} className="newsletter-label">
        {t('newsletter.label')}
      </label>
      <div className="newsletter-row">
        <input
          ref={input}
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('newsletter.placeholder')}
          value={state.email}
          onChange={(event) => dispatch({ type: 'edit', email: event.target.value })}
          onFocus={() => state.email === '' && interaction('focus')}
          aria-invalid={state.invalid || undefined}
          aria-describedby={`${id}-${state.invalid ? 'error' : 'note'}`}
          className="field-input"
        />
        <button type="submit" aria-disabled={busy || undefined} className="btn btn-primary newsletter-submit">
          {LABELS.map((key) => (
            <span key={key} aria-hidden={key !== label || undefined}>
              {t(`newsletter.${key}`)}
            </span>
          ))}
        </button>
      </div>
      <div className="newsletter-message">
        <p id={`${id}-note`} aria-hidden={state.invalid || undefined}>
          {t('newsletter.note')}
        </p>
        {state.invalid && (
          <p id={`${id}-error`} role="alert" className="newsletter-error">
            {t('newsletter.invalid')}
          </p>
        )}
      </div>
      <output className="sr-only">{busy ? t('newsletter.subscribing') : unreachable ? t('newsletter.failure') : ''}</output>
    </form>
  )
}
