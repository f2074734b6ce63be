import { StrictMode, Suspense } from 'react'
import { BrowserRouter } from 'react-router'
import { AuthProvider } from '../features/auth/AuthProvider'
import type { RuntimeConfig } from '../lib/config'
import { ConfigProvider } from '../lib/config-context'
import { PageLoader } from './layout/PageLoader'
import { AppRoutes } from './router'

/**
 * Providers around the routes. BrowserRouter (declarative mode) rather than
 * createBrowserRouter: the data router costs about 16 KB gzip more, which the
 * 100 KB initial-JS budget cannot afford (see web/README.md, "Performance budget").
 */
export function App({ config }: { config: RuntimeConfig }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <AuthProvider>
          <BrowserRouter>
            <Suspense fallback={<PageLoader />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
        </AuthProvider>
      </ConfigProvider>
    </StrictMode>
  )
}
