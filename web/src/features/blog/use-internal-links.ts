import { useEffect, type RefObject } from 'react'
import { useNavigate } from 'react-router'

/**
 * Links inside server-rendered article HTML are plain anchors: same-site ones
 * are followed by the router (no full reload); others behave as usual.
 */
export function useInternalLinks(container: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate()
  useEffect(() => {
    const element = container.current
    if (!element) return
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = (event.target as Element | null)?.closest?.('a')
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href, window.location.href)
      if (url.origin !== window.location.origin || /^\/(api|media|auth)\//.test(url.pathname)) return
      if (url.pathname === window.location.pathname && url.hash) return
      event.preventDefault()
      void navigate(url.pathname + url.search + url.hash)
    }
    element.addEventListener('click', follow)
    return () => element.removeEventListener('click', follow)
  }, [container, navigate])
}
