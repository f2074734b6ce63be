import { isLang } from '../i18n/languages'

/**
 * SPEC §7 analytics events of the consultation flow. This is the first-party count only
 * (`POST /api/v1/events`, cookie-less daily counts, no consent needed): the consent-gated
 * GA4 module of the newsletter/analytics issue replaces this file with one that keeps the
 * same `track` signature.
 */
export type AnalyticsEvent = { name: 'help_form_submit'; plan: string } | { name: 'generate_lead'; value?: number; premium?: boolean }

export const EVENTS_URL = '/api/v1/events'

/** The `source` of the count: the plan of a form submit, the kind of lead (`[a-z0-9_-]{0,32}`). */
function sourceOf(event: AnalyticsEvent): string | null {
  const source = event.name === 'help_form_submit' ? event.plan : event.premium ? 'premium' : 'standard'
  return /^[a-z0-9_-]{0,32}$/.test(source) ? source : null
}

/** Counts the event; never throws and never delays the page (a beacon survives navigation). */
export function track(event: AnalyticsEvent): void {
  const htmlLang = typeof document === 'undefined' ? '' : document.documentElement.lang
  const body = JSON.stringify({ name: event.name, language: isLang(htmlLang) ? htmlLang : 'en', source: sourceOf(event) })
  try {
    const blob = new Blob([body], { type: 'application/json' })
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_URL, blob)) return
    void fetch(EVENTS_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined)
  } catch {
    // Counting is best effort: the visitor's booking never depends on it.
  }
}
