import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { stripLangPrefix } from '../../i18n/paths'

/**
 * After a client navigation to another page: start at the top and move focus to
 * <main>, so screen-reader and keyboard users land on the new content (a full
 * page load would do both). Back/forward keeps the browser's own scrolling, a
 * #hash keeps its target, and a language switch keeps focus in the header.
 */
export function useRouteFocus(): void {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const previous = useRef(pathname)

  useEffect(() => {
    const from = previous.current
    previous.current = pathname
    if (from === pathname || hash) return
    const sameContent = stripLangPrefix(from) === stripLangPrefix(pathname)
    if (navigationType !== 'POP' && !sameContent) window.scrollTo(0, 0)
    if (!sameContent) document.getElementById('main-content')?.focus({ preventScroll: true })
  }, [pathname, hash, navigationType])
}
