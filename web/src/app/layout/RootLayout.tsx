import { lazy, Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { LoginDialogHost } from '../../features/auth/components/LoginDialogHost'
import { CookieBannerSlot } from '../../features/consent/CookieBannerSlot'
import { LanguageSuggestionSlot } from '../../features/language-suggestion/LanguageSuggestionSlot'
import { useLang } from '../../i18n/use-lang'
import { usePageViews } from '../../lib/analytics'
import { Header } from './Header'
import { PageErrorBoundary } from './PageErrorBoundary'
import { PageLoader } from './PageLoader'
import { ScrollToTop } from './ScrollToTop'
import { useLoadWhenNeeded } from '../../components/ui/use-load-when-needed'
import { SkipLink } from './SkipLink'
import { useLanguageSync } from './use-language-sync'
import { useRouteFocus } from './use-route-focus'

// Below every page's content: it downloads once the visitor heads down or it comes into view.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })))

function FooterWhenNeeded() {
  const [wanted, placeholder] = useLoadWhenNeeded<HTMLDivElement>()
  const space = <div ref={wanted ? undefined : placeholder} className="mt-24 min-h-96 bg-ocean-900" />
  return wanted ? <Suspense fallback={space}><Footer /></Suspense> : space
}

/** The shared layout of every page (docs/product.md#layout), in every language. */
export function RootLayout() {
  const lang = useLang()
  useLanguageSync(lang)
  useRouteFocus()
  usePageViews()
  const { pathname } = useLocation()

  return (
    <>
      <SkipLink />
      <Header />
      <LanguageSuggestionSlot />
      <main id="main-content" tabIndex={-1} className="min-h-[70vh] outline-none">
        {/* Keyed by path: a new page gets a fresh boundary, so its loader shows while its code arrives. */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <FooterWhenNeeded />
      <ScrollToTop />
      <CookieBannerSlot />
      <LoginDialogHost />
    </>
  )
}
