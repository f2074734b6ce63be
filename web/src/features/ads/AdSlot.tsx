import { lazy, Suspense, useState } from 'react'
import type { AdSlotKind } from '../../lib/config'
import { useConfig } from '../../lib/config-context'
import { readConsent, useConsent } from '../../lib/consent'

// Only visitors who accepted cookies ever download the ad code.
const AdUnit = lazy(() => import('./AdUnit'))

/**
 * An ad slot of one of the five kinds (docs/product.md#ads). Unconfigured, it is nothing at all:
 * configuration never changes during a visit, so there is no later arrival to
 * make room for. Configured, its box has a fixed height from the first paint,
 * empty until the visitor accepts cookies, so neither consent nor the ad (or
 * its absence) moves the page. A visitor who had declined gets no box.
 */
export function AdSlot({ kind }: { kind: AdSlotKind }) {
  const { ads } = useConfig()
  const consent = useConsent()
  // Decided when the slot appears: declining later leaves the box (empty) until the next page.
  const [reserved] = useState(() => readConsent() !== 'declined')
  const slot = ads?.slots[kind]
  if (!ads || !slot || !reserved) return null
  return (
    <div className={`ad-slot ad-slot-${kind}`} data-ad-kind={kind}>
      {consent === 'accepted' && (
        <Suspense fallback={null}>
          <AdUnit kind={kind} client={ads.client} slot={slot} />
        </Suspense>
      )}
    </div>
  )
}
