/** The languages Rumbo speaks. English is the default and has no URL prefix. */
export const LANGUAGES = ['en', 'es', 'pt'] as const
export type Lang = (typeof LANGUAGES)[number]

export const DEFAULT_LANG: Lang = 'en'

/** Languages that live under a path prefix (/es, /pt). */
export const PREFIXED_LANGUAGES = ['es', 'pt'] as const satisfies readonly Lang[]

/**
 * Each language is named in itself (an endonym), so the names are the same in
 * every locale and do not belong in the translation files.
 */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
}

/**
 * The Intl locale of each language (Latin-American Spanish, Brazilian Portuguese): the one
 * source of month and weekday names, numbers and money everywhere (no copied name lists).
 */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-419', pt: 'pt-BR' }

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
