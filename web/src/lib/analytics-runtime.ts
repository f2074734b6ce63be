import type { AnalyticsEvent } from './analytics'
import { EVENT_SOURCE, FIRST_PARTY_EVENTS, viewedPostSlug } from './analytics'
import { startGtag } from './analytics-gtag'

/** docs/product.md#events: what a newsletter sign-up and a consultation lead are worth. */
export const NEWSLETTER_VALUE_USD = 2
export const LEAD_VALUE_USD = 25

export type GoogleEvent = [name: string, params: Record<string, unknown>]

// Query parameters that are keys, not context (newsletter and auth links): never sent anywhere.
const PRIVATE_PARAMS = ['token', 'code', 'access_token', 'refresh_token']

/** The address as analytics may see it: no fragment and no private parameters. */
export function publicLocation(href: string): string {
  const url = new URL(href)
  url.hash = ''
  for (const name of PRIVATE_PARAMS) url.searchParams.delete(name)
  return url.href
}

/** What Google Analytics receives for one event (docs/product.md#events). */
export function googleEvents(event: AnalyticsEvent, href: string, title: string): GoogleEvent[] {
  switch (event.name) {
    case 'page_view':
      return [['page_view', { page_location: publicLocation(href), page_path: event.path, page_title: title }]]
    case 'newsletter_signup':
      return [
        ['newsletter_signup', { source: event.source }],
        [
          'purchase',
          {
            currency: 'USD',
            value: NEWSLETTER_VALUE_USD,
            transaction_id: `newsletter-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
            items: [{ item_id: 'newsletter', item_name: 'Newsletter subscription', price: NEWSLETTER_VALUE_USD, quantity: 1 }],
          },
        ],
      ]
    case 'rights_check':
      return [['rights_check', { outcome: event.source }]]
    case 'help_form_submit':
      return [['help_form_submit', event.plan ? { plan: event.plan } : {}]]
    case 'generate_lead': {
      const premium = event.premium ?? event.value !== undefined
      return [['generate_lead', { currency: 'USD', value: event.value ?? LEAD_VALUE_USD, lead_type: premium ? 'premium' : 'standard' }]]
    }
    case 'user_engagement':
      return [['user_engagement', { engagement_time_msec: Math.round(event.seconds * 1000), scroll_depth: event.scrollDepth }]]
    case 'form_interaction':
      return [['form_interaction', { form_name: event.form, field_name: event.field, interaction_type: event.type }]]
    case 'view_item':
    case 'add_to_cart': {
      // GA4's e-commerce shape: the value is the line's total, in whole currency units.
      const value = Math.round(event.item.price * event.item.quantity * 100) / 100
      return [[event.name, { currency: 'USD', value, items: [event.item] }]]
    }
    case 'begin_checkout':
      return [['begin_checkout', { currency: event.currency, value: event.value, items: event.items, ...(event.coupon ? { coupon: event.coupon } : {}) }]]
    case 'purchase':
      return [
        [
          'purchase',
          {
            transaction_id: event.transactionId,
            currency: event.currency,
            value: event.value,
            ...(event.shipping === undefined ? {} : { shipping: event.shipping }),
            ...(event.coupon ? { coupon: event.coupon } : {}),
            items: event.items,
          },
        ],
      ]
  }
}

/** The body of POST /api/v1/events for the events the business counts itself, else null. */
export function firstPartyEvent(event: AnalyticsEvent, language: string): { name: string; language: string; source: string | null } | null {
  if (event.name === 'page_view') {
    // A post's view by its slug (the dashboard's top posts); other pages are not counted.
    const slug = viewedPostSlug(event.path)
    return slug === null ? null : { name: event.name, language, source: slug }
  }
  if (!FIRST_PARTY_EVENTS.has(event.name)) return null
  let source: string | null | undefined = null
  if (event.name === 'newsletter_signup' || event.name === 'rights_check') source = event.source
  else if (event.name === 'help_form_submit') source = event.plan
  else if (event.name === 'generate_lead') source = (event.premium ?? event.value !== undefined) ? 'premium' : 'standard'
  return { name: event.name, language, source: source && EVENT_SOURCE.test(source) ? source : null }
}

function sendFirstParty(event: AnalyticsEvent): void {
  const body = firstPartyEvent(event, document.documentElement.lang || 'en')
  if (!body) return
  // keepalive: the count still arrives when the event comes just before leaving the page.
  fetch('/api/v1/events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined)
}

/** Time and scroll depth of the page on screen, reported when the visitor moves on or leaves. */
const engagement = { since: 0, depth: 0, listening: false }

function scrollDepth(): number {
  const { scrollHeight } = document.documentElement
  const seen = window.scrollY + window.innerHeight
  return scrollHeight > 0 ? Math.min(100, Math.round((seen / scrollHeight) * 100)) : 100
}

function flushEngagement(measurementId: string): void {
  if (engagement.since === 0) return
  const seconds = (performance.now() - engagement.since) / 1000
  engagement.since = 0
  if (seconds < 1) return
  for (const [name, params] of googleEvents({ name: 'user_engagement', seconds, scrollDepth: engagement.depth }, location.href, '')) {
    startGtag(measurementId)('event', name, params)
  }
}

function watchEngagement(measurementId: string): void {
  engagement.since = performance.now()
  engagement.depth = scrollDepth()
  if (engagement.listening) return
  engagement.listening = true
  window.addEventListener('scroll', () => (engagement.depth = Math.max(engagement.depth, scrollDepth())), { passive: true })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushEngagement(measurementId)
    else if (engagement.since === 0) engagement.since = performance.now()
  })
}

/**
 * Sends one event where it belongs: counted first-party when `counted` (a page is counted once,
 * not again when the visitor accepts cookies on it); to Google when `measurementId` is given,
 * which is only with consent.
 */
export function record(event: AnalyticsEvent, measurementId: string | undefined, counted: boolean): void {
  if (counted) sendFirstParty(event)
  if (!measurementId) return
  const gtag = startGtag(measurementId)
  if (event.name === 'page_view') flushEngagement(measurementId)
  for (const [name, params] of googleEvents(event, location.href, document.title)) gtag('event', name, params)
  if (event.name === 'page_view') watchEngagement(measurementId)
}
