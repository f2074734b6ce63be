import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus <main> explicitly: following the #hash alone does not move keyboard focus in every browser.
  const main = document.getElementById('main-content')
  if (!main) return
  event.preventDefault()
  main.focus()
  main.scrollIntoView()
}

/** First stop for keyboard users: jumps over the header straight to the page content. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#main-content"
      onClick={skipToMain}
      className="sr-only z-50 rounded-full bg-ocean-800 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('skipToContent')}
    </a>
  )
}
