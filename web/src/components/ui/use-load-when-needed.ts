import { useEffect, useRef, useState } from 'react'

/** Any of these means the visitor is about to go further down the page. */
const INTERACTIONS = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const

/** How close to the viewport the observed element may come before it is wanted anyway. */
const NEAR_VIEWPORT = '200px'

/**
 * Whether the content behind the returned element's placeholder is wanted yet: once the
 * visitor interacts in any way (scrolls, presses a key, touches) or the placeholder comes
 * near the viewport. Until then its code need not download, which keeps what the first
 * screen costs small. A keypress counts so that keyboard users never Tab past content that
 * is still missing; a browser without IntersectionObserver simply gets it at once.
 */
export function useLoadWhenNeeded<T extends Element>(): [wanted: boolean, placeholder: React.RefObject<T | null>] {
  const placeholder = useRef<T>(null)
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    if (wanted) return
    const want = () => setWanted(true)
    const options = { passive: true, once: true, capture: true } as const
    for (const type of INTERACTIONS) window.addEventListener(type, want, options)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: `0px 0px ${NEAR_VIEWPORT} 0px`,
    })
    if (placeholder.current) observer.observe(placeholder.current)
    return () => {
      observer.disconnect()
      for (const type of INTERACTIONS) window.removeEventListener(type, want, options)
    }
  }, [wanted])

  return [wanted, placeholder]
}
