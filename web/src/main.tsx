import './styles/index.css'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { startPageLoad } from './app/router'
import { detectInitialLanguage } from './i18n/detect'
import { initI18n } from './i18n/setup'
import { readRuntimeConfig } from './lib/config'
import { markServerHeadStale } from './lib/document-meta'
import { readStored, STORAGE_KEYS } from './lib/storage'

async function start(): Promise<void> {
  const config = readRuntimeConfig()
  const { pathname, search, hash } = window.location
  const { lang, redirectTo } = detectInitialLanguage({
    url: pathname + search + hash,
    stored: readStored(STORAGE_KEYS.lang),
    browserLanguages: navigator.languages ?? [],
  })
  // Before anything renders, so the URL and the words on screen always agree.
  if (redirectTo) {
    window.history.replaceState(window.history.state, '', redirectTo)
    markServerHeadStale()
  }

  // The words of the layout and of the first page, and the page's code, all download at once;
  // rendering waits for them, so the first paint is the finished page rather than a loader.
  const page = startPageLoad(window.location.pathname)
  await Promise.all([
    initI18n(lang, config.siteName, page.namespaces, config.limits),
    // A failed download is shown by the page's error boundary, with a way out.
    page.code.catch(() => undefined),
  ])

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root')
  createRoot(container).render(<App config={config} />)
}

void start()
