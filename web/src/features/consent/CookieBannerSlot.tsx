import { lazy, Suspense, useEffect, useState } from 'react'
import { readConsent } from '../../lib/consent'

const BANNER_DELAY_MS = 1000 // docs/product.md#layout

const CookieBanner = lazy(() => import('./CookieBanner'))

/** Shows the cookie banner one second after load, only to visitors who never answered it. */
export function CookieBannerSlot() {
  const [show, setShow] = useState(false)

  useEffect(() => {
    if (readConsent() !== null) return
    const timer = window.setTimeout(() => setShow(true), BANNER_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (!show) return null
  return (
    <Suspense fallback={null}>
      <CookieBanner onAnswered={() => setShow(false)} />
    </Suspense>
  )
}
