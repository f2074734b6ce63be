import { useCallback, useEffect, useRef, useState } from 'react'

const supportsScrollEnd = () => 'onscrollend' in document.documentElement

/** Which slide sits at the start of the track (the last one once the end is reached). */
function currentSlide(track: HTMLElement): number {
  const slides = [...track.children] as HTMLElement[]
  if (track.scrollLeft + track.clientWidth >= track.scrollWidth - 2) return slides.length - 1
  const start = track.scrollLeft + (slides[0]?.offsetLeft ?? 0)
  let nearest = 0
  slides.forEach((slide, i) => {
    if (Math.abs(slide.offsetLeft - start) < Math.abs((slides[nearest]?.offsetLeft ?? 0) - start)) nearest = i
  })
  return nearest
}

/**
 * A CSS scroll-snap carousel's state for its previous/next buttons: which slide is at
 * the start of the track, and a way to bring another one there. Swiping, trackpads and
 * the keyboard keep scrolling it as the browser does; the position is read once the
 * scrolling settles, so quick repeated presses move one slide each.
 */
export function useCarousel(count: number) {
  const track = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)

  useEffect(() => {
    const element = track.current
    if (!element) return
    const settled = () => setIndex(currentSlide(element))
    // scrollend fires once a smooth scroll has finished, however slow the device; elsewhere
    // a pause in scroll events stands in for it.
    if (supportsScrollEnd()) {
      element.addEventListener('scrollend', settled)
      return () => element.removeEventListener('scrollend', settled)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = () => {
      clearTimeout(timer)
      timer = setTimeout(settled, 120)
    }
    element.addEventListener('scroll', settle, { passive: true })
    return () => {
      element.removeEventListener('scroll', settle)
      clearTimeout(timer)
    }
  }, [])

  const go = useCallback(
    (target: number) => {
      const element = track.current
      const slides = element ? ([...element.children] as HTMLElement[]) : []
      const next = Math.max(0, Math.min(count - 1, target))
      const slide = slides[next]
      if (!element || !slide || !slides[0]) return
      setIndex(next)
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      element.scrollTo({ left: slide.offsetLeft - slides[0].offsetLeft, behavior: smooth ? 'smooth' : 'auto' })
    },
    [count],
  )

  return { track, index, previous: () => go(index - 1), next: () => go(index + 1) }
}
