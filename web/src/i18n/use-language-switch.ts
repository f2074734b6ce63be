import { useLocation } from 'react-router'
import type { Lang } from './languages'
import { switchLanguagePath } from './paths'
import { STORAGE_KEYS, writeStored } from '../lib/storage'

/**
 * The address of the current page in another language, and the function that
 * remembers an explicit choice (rumbo:lang) so the next visit opens in it.
 */
export function useLanguageSwitch() {
  const { pathname, search, hash } = useLocation()
  return {
    pathFor: (lang: Lang) => switchLanguagePath(pathname + search + hash, lang),
    remember: (lang: Lang) => writeStored(STORAGE_KEYS.lang, lang),
  }
}
