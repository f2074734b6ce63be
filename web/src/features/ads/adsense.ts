import { consentMode } from '../../lib/analytics-gtag'

/**
 * AdSense, loaded on the first filled slot and only after consent. The script
 * is requested without a publisher id and no page-level settings are pushed,
 * so auto ads and page-level ads stay off: ads appear only in our slots, at
 * the sizes our CSS reserves (each <ins> has a fixed height).
 */
export const ADSENSE_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'

declare global {
  interface Window {
    adsbygoogle?: unknown[]
  }
}

function loadScript(): void {
  if (document.querySelector(`script[src="${ADSENSE_SCRIPT_URL}"]`)) return
  const script = document.createElement('script')
  script.async = true
  script.crossOrigin = 'anonymous'
  script.src = ADSENSE_SCRIPT_URL
  document.head.append(script)
}

/** Asks AdSense to fill one slot (once per element). */
export function requestAd(unit: HTMLElement, client: string): void {
  if (unit.dataset.requested || !/^ca-pub-\d{10,20}$/.test(client)) return
  unit.dataset.requested = 'true'
  consentMode() // Consent Mode v2 signals for Google's ad tags (throws without consent)
  loadScript()
  ;(window.adsbygoogle ??= []).push({})
}
