import { lazy, Suspense, useEffect, useState } from 'react'
import { ensureBundle } from '../../i18n/setup'
import { useLang } from '../../i18n/use-lang'
import { readStored, STORAGE_KEYS } from '../../lib/storage'
import { getGeo } from './api/get-geo'
import { suggestedLanguage } from './suggestion'

// The popup itself loads only for the visitors it speaks to.
const LanguageSuggestion = lazy(() => import('./LanguageSuggestion'))

/**
 * Looks up the visitor's country once, and offers their language when it differs from the page's.
 * Loaded by LanguageSuggestionSlot once the page has settled, so none of this is in the first load.
 */
export default function LanguageSuggestionHost() {
  const current = useLang()
  const [countryCode, setCountryCode] = useState<string | null>(null)
  const [hidden, setHidden] = useState(false)
  const [readyLang, setReadyLang] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    getGeo(controller.signal).then((geo) => setCountryCode(geo?.countryCode ?? null), () => undefined)
    return () => controller.abort()
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
