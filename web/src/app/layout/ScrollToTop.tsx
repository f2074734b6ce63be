import { lazy, Suspense, useEffect, useState } from 'react'

const THRESHOLD_PX = 300 // docs/product.md#layout

// Only visitors who scroll need the button, so its code waits for the first scroll past the line.
const ScrollToTopButton = lazy(() => import('./ScrollToTopButton'))

/** The "back to top" button, shown once the visitor has scrolled past 300px. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const update = () => setVisible(window.scrollY > THRESHOLD_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!visible) return null
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton />
    </Suspense>
  )
}
