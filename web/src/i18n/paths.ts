import { DEFAULT_LANG, isLang, type Lang } from './languages'

// A leading language segment: "/es", "/es/…", "/es?…", "/es#…" — but never "/estonia".
const LANG_PREFIX = /^\/(en|es|pt)(?=\/|\?|#|$)/

/** Splits "/a/b?x=1#h" into the path and the "?x=1#h" tail. */
function splitTail(url: string): [path: string, tail: string] {
  const cut = url.search(/[?#]/)
  return cut === -1 ? [url, ''] : [url.slice(0, cut), url.slice(cut)]
}

/** The language named by the first path segment; unprefixed paths are English. */
export function langFromPath(pathname: string): Lang {
  const match = LANG_PREFIX.exec(pathname)
  return match && isLang(match[1]) ? match[1] : DEFAULT_LANG
}

/** Whether the path starts with an explicit language segment (including /en). */
export function hasLangPrefix(pathname: string): boolean {
  return LANG_PREFIX.test(pathname)
}

/** Removes a leading /en, /es or /pt segment; the result always starts with "/". */
export function stripLangPrefix(url: string): string {
  const stripped = url.replace(LANG_PREFIX, '')
  return stripped.startsWith('/') ? stripped : `/${stripped}`
}

/**
 * Builds the URL of an app path in a language: `localizedPath('/blog', 'es')`
 * is "/es/blog"; English keeps the path as it is. Search and hash are kept.
 */
export function localizedPath(path: string, lang: Lang): string {
  const [pathname, tail] = splitTail(path.startsWith('/') ? path : `/${path}`)
  if (lang === DEFAULT_LANG) return pathname + tail
  return (pathname === '/' ? `/${lang}` : `/${lang}${pathname}`) + tail
}

/**
 * The language switch (docs/product.md#languages): strip any leading /en, /es or /pt, then add /{code}
 * for es and pt; English has no prefix and falls back to "/" when the path is
 * empty. Search and hash are kept.
 */
export function switchLanguagePath(url: string, lang: Lang): string {
  const [pathname, tail] = splitTail(url)
  const bare = pathname.replace(LANG_PREFIX, '')
  const withoutTrailingSlash = bare.length > 1 ? bare.replace(/\/+$/, '') : bare
  const rest = withoutTrailingSlash === '' || withoutTrailingSlash === '/' ? '' : withoutTrailingSlash
  if (lang === DEFAULT_LANG) return (rest || '/') + tail
  return `/${lang}${rest}` + tail
}
