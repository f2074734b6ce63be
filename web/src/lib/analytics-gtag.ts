import { readConsent } from './consent'

/**
 * Google's tag without Google's inline snippet: the CSP forbids inline
 * scripts, so `dataLayer` and `gtag` are defined here, in our own bundle, and
 * gtag.js itself is the only script that comes from Google. Loaded lazily, and
 * only ever after the visitor accepted cookies.
 */
type Gtag = (...args: unknown[]) => void

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js'

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const

const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
} as const

/**
 * Consent Mode v2: the first command Google ever sees sets everything to
 * denied; the update to granted follows because the visitor accepted (the
 * only way this code runs). Shared by analytics and ads; runs once.
 */
export function consentMode(): Gtag {
  if (readConsent() !== 'accepted') throw new Error('Google tags need the visitor’s consent')
  if (!window.gtag) {
    const dataLayer = (window.dataLayer ??= [])
    // gtag.js reads `arguments` objects from the dataLayer, not arrays.
    window.gtag = function gtag() {
      // oxlint-disable-next-line prefer-rest-params
      dataLayer.push(arguments)
    }
    window.gtag('consent', 'default', DENIED)
    window.gtag('consent', 'update', GRANTED)
  }
  return window.gtag
}

let loadedId: string | undefined

/** Starts GA4 for `measurementId` (once): consent, then config without an automatic page view, then the script. */
export function startGtag(measurementId: string): Gtag {
  const gtag = consentMode()
  if (loadedId === measurementId || !/^G-[A-Z0-9]{4,16}$/.test(measurementId)) return gtag
  loadedId = measurementId
  gtag('js', new Date())
  // Page views are ours (one per route change, without the link tokens of newsletter pages);
  // Google signals stay off, so the CSP needs only the analytics hosts.
  gtag('config', measurementId, { send_page_view: false, allow_google_signals: false })
  const script = document.createElement('script')
  script.async = true
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`
  document.head.append(script)
  return gtag
}
