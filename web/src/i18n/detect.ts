import { DEFAULT_LANG, isLang, type Lang } from './languages'
import { hasLangPrefix, langFromPath, stripLangPrefix, switchLanguagePath } from './paths'

export interface DetectionInput {
  /** location.pathname + location.search + location.hash of the first load. */
  url: string
  /** The stored explicit choice (rumbo:lang), if any. */
  stored: string | null
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[]
}

export interface Detection {
  lang: Lang
  /** Where to replace the URL so that URL and content agree; absent when it already does. */
  redirectTo?: string
}

/** The first browser language that Rumbo speaks ("pt-BR" counts as pt). */
export function browserLanguage(languages: readonly string[]): Lang | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLang(primary)) return primary
  }
  return null
}

/**
 * The detection order of docs/product.md#languages: path, stored preference, browser. An /es or /pt
 * path always wins. Only an unprefixed first load may be moved to /es or /pt,
 * so that a shared English link still opens in the reader's language.
 */
export function detectInitialLanguage({ url, stored, browserLanguages }: DetectionInput): Detection {
  const pathname = url.split(/[?#]/)[0] ?? '/'
  const fromPath = langFromPath(pathname)
  if (fromPath !== DEFAULT_LANG) return { lang: fromPath }

  const preferred = isLang(stored) ? stored : browserLanguage(browserLanguages)
  const lang = preferred ?? DEFAULT_LANG
  if (lang !== DEFAULT_LANG) return { lang, redirectTo: switchLanguagePath(url, lang) }
  // "/en/…" is never a page of its own: show it at its unprefixed address.
  if (hasLangPrefix(pathname)) return { lang, redirectTo: stripLangPrefix(url) }
  return { lang }
}
