import { lazy, Suspense, useEffect, useState } from 'react'
import { ensureBundle } from '../../i18n/setup'
import { useLang } from '../../i18n/use-lang'
import { readStored, STORAGE_KEYS } from '../../lib/storage'
import { suggestedLanguage } from './suggestion'

const LanguageSuggestion = lazy(() => import('./LanguageSuggestion'))

// Ask for the country once the page has settled: the suggestion never competes with the first paint
// (the request, through the API client, downloads then too).
const GEO_DELAY_MS = 1500

/** Looks up the visitor's country once, and offers their language when it differs from the page's. */
export function LanguageSuggestionSlot() {
  const current = useLang()
  const [countryCode, setCountryCode] = useState<string | null>(null)
  const [hidden, setHidden] = useState(false)
  const [readyLang, setReadyLang] = useState<string | null>(null)

  useEffect(() => {
    if (readStored(STORAGE_KEYS.langSuggestion) === 'dismissed') return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      void import('./api/get-geo')
        .then(({ getGeo }) => getGeo(controller.signal))
        .then((geo) => setCountryCode(geo?.countryCode ?? null), () => undefined)
    }, GEO_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [])

  const suggestion = hidden
    ? null
    : suggestedLanguage({
        countryCode,
        current,
        dismissed: readStored(STORAGE_KEYS.langSuggestion),
        chosen: readStored(STORAGE_KEYS.lang),
      })

  // The popup speaks the suggested language, so load that language's common words first.
  useEffect(() => {
    if (!suggestion) return
    let cancelled = false
    ensureBundle(suggestion, 'common').then(
      () => !cancelled && setReadyLang(suggestion),
      () => undefined, // silent, like every failure here
    )
    return () => {
      cancelled = true
    }
  }, [suggestion])

  if (!suggestion || readyLang !== suggestion) return null
  return (
    <Suspense fallback={null}>
      <LanguageSuggestion lang={suggestion} onClose={() => setHidden(true)} />
    </Suspense>
  )
}
