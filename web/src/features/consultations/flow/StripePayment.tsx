import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage } from '../../../components/ui/Field'
import type { BookingPayment } from '../../../lib/api/types'
import type { Lang } from '../../../i18n/languages'
import { useErrorText } from '../error-text'

// The slice of Stripe.js this page uses (https://docs.stripe.com/js): @stripe/stripe-js is not a
// dependency, and Stripe requires loading the script from js.stripe.com anyway.
interface StripeElement {
  mount: (target: HTMLElement) => void
  destroy: () => void
}
interface StripeElements {
  create: (type: 'payment', options?: Record<string, unknown>) => StripeElement
}
interface StripeJs {
  elements: (options: { clientSecret: string; appearance?: Record<string, unknown> }) => StripeElements
  confirmPayment: (options: {
    elements: StripeElements
    redirect: 'if_required'
    confirmParams: { return_url: string }
  }) => Promise<{ error?: { message?: string } }>
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs

const STRIPE_JS = 'https://js.stripe.com/v3/'
let loading: Promise<StripeFactory> | null = null

/** Adds Stripe.js once, only when the server says the payment goes through Stripe. */
export function loadStripe(): Promise<StripeFactory> {
  const existing = (window as { Stripe?: StripeFactory }).Stripe
  if (existing) return Promise.resolve(existing)
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = STRIPE_JS
    script.async = true
    script.addEventListener('load', () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe
      if (factory) resolve(factory)
      else reject(new Error('Stripe.js loaded without Stripe'))
    })
    script.addEventListener('error', () => {
      loading = null
      script.remove()
      reject(new Error('Stripe.js could not load'))
    })
    document.head.append(script)
  })
  return loading
}

const POLL_MS = 2000
const POLL_TRIES = 45

interface Props<T> {
  /** The payment's view from the server (a booking's or a store order's). */
  payment: Pick<BookingPayment, 'status' | 'client_secret' | 'publishable_key'>
  lang: Lang
  submitLabel: string
  /**
   * Reads the purchase again: the finished one once the server knows it is paid, else null.
   * Keep it stable (useCallback): a new function starts the polling over.
   */
  readConfirmed: (signal: AbortSignal) => Promise<T | null>
  onConfirmed: (value: T) => void
}

/**
 * The card in Stripe's Payment Element (the card never reaches our server). Only a verified
 * webhook or the reconciliation marks the purchase paid (a booking, a store order), so after
 * Stripe accepts the card the page asks for it again until it is (`readConfirmed`).
 */
export function StripePayment<T>({ payment, lang, submitLabel, readConfirmed, onConfirmed }: Props<T>) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const mountRef = useRef<HTMLDivElement>(null)
  const stripeRef = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null)
  const { client_secret: clientSecret, publishable_key: publishableKey } = payment
  const [phase, setState] = useState<'loading' | 'ready' | 'unavailable' | 'paying' | 'confirming'>(
    payment.status === 'processing' || payment.status === 'succeeded' ? 'confirming' : 'loading',
  )
  // Without the keys from the server there is nothing to load.
  const state = phase === 'loading' && (!clientSecret || !publishableKey) ? 'unavailable' : phase
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (state !== 'loading' || !clientSecret || !publishableKey) return
    let element: StripeElement | null = null
    let cancelled = false
    loadStripe().then(
      (Stripe) => {
        if (cancelled || !mountRef.current) return
        const stripe = Stripe(publishableKey, { locale: lang })
        const elements = stripe.elements({ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#155755' } } })
        element = elements.create('payment')
        element.mount(mountRef.current)
        stripeRef.current = { stripe, elements }
        setState('ready')
      },
      () => !cancelled && setState('unavailable'),
    )
    return () => {
      cancelled = true
      element?.destroy()
    }
  }, [state, clientSecret, publishableKey, lang])

  useEffect(() => {
    if (state !== 'confirming') return
    let tries = 0
    let timer = 0
    const controller = new AbortController()
    const poll = () => {
      readConfirmed(controller.signal).then(
        (confirmed) => {
          if (controller.signal.aborted) return
          if (confirmed !== null) onConfirmed(confirmed)
          else if (++tries < POLL_TRIES) timer = window.setTimeout(poll, POLL_MS)
          else setError(t('stripe.slow'))
        },
        () => {
          if (!controller.signal.aborted && ++tries < POLL_TRIES) timer = window.setTimeout(poll, POLL_MS)
        },
      )
    }
    poll()
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [state, readConfirmed, onConfirmed, t])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const loaded = stripeRef.current
    if (!loaded || state !== 'ready') return
    setState('paying')
    setError(null)
    const result = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    })
    if (result.error) {
      // Stripe's own message, already in the visitor's language.
      setError(result.error.message ?? errorText('card_declined'))
      setState('ready')
    } else {
      setState('confirming')
    }
  }

  if (state === 'unavailable') {
    return (
      <p className="form-error" role="alert">
        {t('stripe.unavailable')}
      </p>
    )
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={state === 'loading' || state === 'confirming' || undefined}>
      {state === 'loading' && <p className="text-slate-600">{t('stripe.loading')}</p>}
      <div ref={mountRef} className="min-h-56" />
      {state === 'confirming' && <output className="form-success block">{t('stripe.confirming')}</output>}
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" disabled={state !== 'ready'} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        {state === 'paying' ? t('payment.paying') : submitLabel}
      </button>
    </form>
  )
}
