import { useLocation } from 'react-router'
import type { Lang } from './languages'
import { langFromPath } from './paths'

/** The language of the current page, read from the URL (the single source of truth). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname)
}
