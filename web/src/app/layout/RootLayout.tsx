import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { LoginDialogHost } from '../../features/auth/components/LoginDialogHost'
import { CookieBannerSlot } from '../../features/consent/CookieBannerSlot'
import { LanguageSuggestionSlot } from '../../features/language-suggestion/LanguageSuggestionSlot'
import { useLang } from '../../i18n/use-lang'
import { usePageViews } from '../../lib/analytics'
import { Footer } from './Footer'
import { Header } from './Header'
import { PageErrorBoundary } from './PageErrorBoundary'
import { PageLoader } from './PageLoader'
import { ScrollToTop } from './ScrollToTop'
import { SkipLink } from './SkipLink'
import { useLanguageSync } from './use-language-sync'
import { useRouteFocus } from './use-route-focus'

/** The shared layout of every page (SPEC §2), in every language. */
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
      <Footer />
      <ScrollToTop />
      <CookieBannerSlot />
      <LoginDialogHost />
    </>
  )
}
