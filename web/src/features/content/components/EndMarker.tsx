import { useEffect, useRef } from 'react'

interface Props {
  /**
   * Called when the marker comes into view. A new function (the list grew) observes the
   * marker afresh, so a marker still on screen counts as seen again.
   */
  onVisible: () => void
  /** Off while a page loads and once the list is complete. */
  active: boolean
}

/** The end of a growing list: seeing it asks for more (docs/product.md#home). */
export function EndMarker({ onVisible, active }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!active || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible()
      },
      // A little ahead of the reader, so new cards usually arrive before they are in view.
      { rootMargin: '0px 0px 400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [active, onVisible])
  return <div ref={ref} aria-hidden="true" className="h-px w-full" />
}
