import { use, useLayoutEffect } from 'react'
import type { Lang } from '../../i18n/languages'
import { i18n, isLanguageLoaded, loadLanguage } from '../../i18n/setup'

/**
 * Makes i18next follow the language in the URL. Navigations run inside a React
 * transition, so suspending here keeps the previous page on screen until the
 * new language's words are loaded; the switch then happens before the browser
 * paints, and URL and words change together.
 */
export function useLanguageSync(lang: Lang): void {
  if (!isLanguageLoaded(lang)) use(loadLanguage(lang))

  useLayoutEffect(() => {
    document.documentElement.lang = lang
    if (i18n.language !== lang) void i18n.changeLanguage(lang)
  }, [lang])
}
