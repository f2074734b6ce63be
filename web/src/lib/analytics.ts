import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { stripLangPrefix } from '../i18n/paths'
import { useConfig } from './config-context'
import { readConsent, useConsent } from './consent'

/**
 * The analytics events of docs/product.md#events. `track` is all a feature calls; this file
 * stays tiny because it is part of the first load, and everything else (the
 * first-party count, Google's tag) lives in analytics-runtime.ts, downloaded
 * only when there is something to send.
 */
export type AnalyticsEvent =
  /** Every route change (the layout sends it; features never do). */
  | { name: 'page_view'; path: string }
  /** A newsletter subscription was accepted; Google also gets a purchase of NEWSLETTER_VALUE_USD. */
  | { name: 'newsletter_signup'; source: string }
  /** The consultation form was sent, with the chosen plan's id. */
  | { name: 'help_form_submit'; plan?: string | undefined }
  /** The passenger-rights checker gave its answer, with its short outcome ('eu261-compensation', 'anac-assistance', 'none', 'expert'); nothing the traveller typed. */
  | { name: 'rights_check'; source: string }
  /** A consultation lead: LEAD_VALUE_USD by default; a supplied value makes it a premium lead. */
  | { name: 'generate_lead'; value?: number | undefined; premium?: boolean | undefined }
  /** Time on the page and how far down it was read (0–100), when the visitor leaves it. */
  | { name: 'user_engagement'; seconds: number; scrollDepth: number }
  /** A visitor working through a form: which form, which field, what happened. */
  | { name: 'form_interaction'; form: string; field: string; type: FormInteraction }
  /** A store product's page was shown (GA4 e-commerce), with the variant first offered. */
  | { name: 'view_item'; item: CommerceItem }
  /** Something went into the cart (GA4 e-commerce): the variant, its unit price and how many. */
  | { name: 'add_to_cart'; item: CommerceItem }
  /** The checkout opened with items in the cart (GA4's begin_checkout); value in dollars. */
  | { name: 'begin_checkout'; value: number; currency: string; items: CommerceItem[]; coupon?: string | undefined }
  /** A store order was paid (GA4's purchase), once per order; value in dollars. */
  | {
      name: 'purchase'
      transactionId: string
      value: number
      currency: string
      items: CommerceItem[]
      shipping?: number | undefined
      coupon?: string | undefined
    }

/** One line of a cart or an order, as GA4's ecommerce events name it (price in dollars). */
export interface CommerceItem {
  item_id: string
  item_name: string
  item_variant?: string | undefined
  price: number
  quantity: number
}

export type FormInteraction = 'focus' | 'change' | 'error' | 'submit'


/**
 * Events the business counts itself, cookie-less and without consent (POST
 * /api/v1/events: name, language, source, nothing about the visitor). Callers
 * never post them: `track` does. Page views of blog posts are counted too (viewedPostSlug).
 */
export const FIRST_PARTY_EVENTS: ReadonlySet<AnalyticsEvent['name']> = new Set([
  'newsletter_signup',
  'help_form_submit',
  'generate_lead',
  'rights_check',
])

/** What POST /api/v1/events accepts as a source (the server refuses anything else). */
export const EVENT_SOURCE = /^[a-z0-9_-]{1,64}$/

/**
 * The slug of the blog post a page view shows (/blog/{slug}, /es/blog/{slug}, /pt/blog/{slug}),
 * or null for any other page and for a slug that cannot be an event's source. Views of posts
 * are counted first-party by slug, so that the owners' dashboard can rank the posts; other
 * page views are not counted.
 */
export function viewedPostSlug(path: string): string | null {
  const slug = /^\/blog\/([^/]+)$/.exec(stripLangPrefix(path))?.[1]
  return slug !== undefined && EVENT_SOURCE.test(slug) ? slug : null
}

/** Whether the business counts the event itself (POST /api/v1/events). */
function isCounted(event: AnalyticsEvent): boolean {
  return FIRST_PARTY_EVENTS.has(event.name) || (event.name === 'page_view' && viewedPostSlug(event.path) !== null)
}

let measurementId: string | undefined

/** Loads the runtime only when there is something to send: a count, or an event for Google. */
function send(event: AnalyticsEvent, google: string | undefined, counted: boolean): void {
  if (!google && !counted) return
  import('./analytics-runtime').then((runtime) => runtime.record(event, google, counted)).catch(() => undefined)
}

/**
 * Sends one event: the first-party count if it is one, and to Google Analytics
 * only when a measurement id is configured and the visitor accepted cookies.
 * Never throws; analytics must not break the page.
 */
export function track(event: AnalyticsEvent): void {
  send(event, readConsent() === 'accepted' ? measurementId : undefined, isCounted(event))
}

/**
 * Used once, by the layout: remembers the configured measurement id and sends
 * a page view on every route change, and for the page on screen when the
 * visitor accepts.
 */
export function usePageViews(): void {
  const id = useConfig().gaMeasurementId
  const { pathname } = useLocation()
  const consent = useConsent()
  const lastPath = useRef<string | null>(null)
  useEffect(() => {
    measurementId = id
    const view: AnalyticsEvent = { name: 'page_view', path: pathname }
    // A page is counted once, when the visitor arrives on it: accepting cookies later sends
    // the page on screen to Google only.
    const arrived = lastPath.current !== pathname
    lastPath.current = pathname
    send(view, consent === 'accepted' ? id : undefined, arrived && isCounted(view))
  }, [id, pathname, consent])
}
