import { lazy, Suspense, useEffect, useState } from 'react'
import { readStored, STORAGE_KEYS } from '../../lib/storage'

// Everything else (the country lookup, the rule, the popup) loads once the page has settled: the
// suggestion never competes with the first paint, and stays out of the first load's JavaScript.
// A failed download is silent, like every failure of the suggestion.
const LanguageSuggestionHost = lazy(() => import('./LanguageSuggestionHost').catch(() => ({ default: () => null })))

const GEO_DELAY_MS = 1500

/** Starts the language suggestion 1.5 s after load, unless the visitor dismissed it before. */
export function LanguageSuggestionSlot() {
  const [armed, setArmed] = useState(false)

  useEffect(() => {
    if (readStored(STORAGE_KEYS.langSuggestion) === 'dismissed') return
    const timer = window.setTimeout(() => setArmed(true), GEO_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (!armed) return null
  return (
    <Suspense fallback={null}>
      <LanguageSuggestionHost />
    </Suspense>
  )
}
