import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/ui/Icon'

function scrollUp(event: MouseEvent) {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
  // From the keyboard (detail 0), move focus to the top too, or the next Tab would jump back down.
  if (event.detail === 0) document.querySelector<HTMLElement>('a[href="#main-content"]')?.focus({ preventScroll: true })
}

/** Floating "back to top" button; ScrollToTop shows it once the visitor has scrolled past 300px. */
export default function ScrollToTopButton() {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={scrollUp}
      aria-label={t('scrollToTop')}
      className="fixed right-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-ocean-800 text-white shadow-lift hover:bg-ocean-700 sm:right-6 sm:bottom-6"
    >
      <Icon name="arrowUp" size={22} />
    </button>
  )
}
