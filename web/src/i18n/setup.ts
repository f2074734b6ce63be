import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { bundleBackend, loadBundle } from './bundles'
import { DEFAULT_LIMITS, type Limits } from '../lib/config'
import { LANGUAGES, type Lang } from './languages'

/** The namespaces the shared layout (header, footer, banners) needs before the first render. */
export const LAYOUT_NAMESPACES = ['common', 'navigation'] as const

/**
 * The numbers texts may name, from the config block, so a sentence never repeats a limit
 * the server could change: {{passwordMin}}, {{documentMaxMb}}, {{documentsMax}}.
 */
export function limitVariables(limits: Limits): Record<string, number> {
  return {
    passwordMin: limits.passwordMinLength,
    documentMaxMb: Math.round(limits.booking.documentMaxBytes / (1024 * 1024)),
    documentsMax: limits.booking.documentsPerBooking,
  }
}

/** Starts i18next in `lang` with the layout's namespaces plus `extraNamespaces` (the first page's). */
export async function initI18n(lang: Lang, siteName: string, extraNamespaces: string[] = [], limits: Limits = DEFAULT_LIMITS): Promise<void> {
  await i18n
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: LANGUAGES,
      // English is where unsupported languages end up (see detect.ts), but it is not
      // loaded as a key-by-key fallback: that would double the words a Spanish or
      // Portuguese page downloads. The locale parity test keeps every key in every language.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...new Set([...LAYOUT_NAMESPACES, ...extraNamespaces])],
      defaultNS: 'common',
      // React escapes text itself; {{site}} is the configured brand name, never hard-coded.
      interpolation: { escapeValue: false, defaultVariables: { site: siteName, ...limitVariables(limits) } },
      react: { useSuspense: true },
    })
}

/** Loads one namespace of any language, without switching to it. */
export async function ensureBundle(lang: Lang, namespace: string): Promise<void> {
  if (i18n.hasResourceBundle(lang, namespace)) return
  i18n.addResourceBundle(lang, namespace, await loadBundle(lang, namespace))
}

/** Whether every namespace used so far exists in this language. */
export function isLanguageLoaded(lang: Lang): boolean {
  const namespaces = [i18n.options.ns ?? []].flat()
  return namespaces.every((namespace) => i18n.hasResourceBundle(lang, namespace))
}

const pending = new Map<string, Promise<void>>()

/**
 * Loads every namespace used so far in another language, once, so a language
 * switch can swap all words in a single render. The promise is cached because
 * React's `use` needs the same promise on every render.
 */
export function loadLanguage(lang: Lang): Promise<void> {
  const key = `${lang}:${[i18n.options.ns ?? []].flat().join()}`
  let promise = pending.get(key)
  if (!promise) {
    promise = i18n.loadLanguages(lang).then(() => undefined)
    pending.set(key, promise)
  }
  return promise
}

export { i18n }
