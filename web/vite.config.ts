import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { rumboDev } from './scripts/rumbo-dev.mjs'

// Shared code of the first render goes into one chunk (one request, better
// compression). Lazy modules stay out: lucide's per-icon modules, which follow
// the pages that use them, the auth client (auth-js and its tslib helpers),
// which loads only when a visitor needs it, the analytics runtime
// (lib/analytics-*.ts), which loads only to send an event, and the parts of the
// layout and the page helpers that load on demand (listed below: the form field primitives, the
// footer's social icons,
// the country list and the e-mail rule are shared by the auth and booking forms, never by the
// first page; the session-storage keys are read by the booking flow, the store and the privacy page).
const LOADED_ON_DEMAND = /[\\/](MobileMenuPanel|Footer|ScrollToTopButton|SocialIcon|PageIntro|EmailSentence|Field)\.tsx$|[\\/]social[\\/][\w-]+\.svg$/

function isInitialShared(id: string): boolean {
  // TanStack Query (~10.5 KB) and the app's query client arrive with the first chunk that reads
  // the API (lib/query/loader.ts, which is in the first load, holds no TanStack code).
  if (/lucide-react|@supabase[\\/]|[\\/]tslib[\\/]|@tanstack[\\/]/.test(id)) return false
  if (LOADED_ON_DEMAND.test(id)) return false
  if (/src[\\/]lib[\\/](analytics-|document-meta-apply|api-client|api-errors|countries|email|session-keys|query[\\/](query-client|answer))/.test(id)) return false
  return /node_modules[\\/]/.test(id) || /src[\\/](app|lib|i18n|components)[\\/]/.test(id)
}

const LOCALES = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url))
const LOCALE_MODULE = 'virtual:locale-base'

/**
 * Locale files ship as plain JSON under one folder named by the hash of them all
 * (/assets/locales-<hash>/es/common.json, cached for a year like the scripts), so
 * the script needs one base path instead of a hashed name per language and
 * namespace, whatever the number of namespaces. `vite dev` serves them from source.
 */
function localeAssets() {
  const files = readdirSync(LOCALES).flatMap((lang) => readdirSync(LOCALES + lang).map((name) => `${lang}/${name}`)).toSorted()
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(readFileSync(LOCALES + file))
  const folder = `assets/locales-${hash.digest('hex').slice(0, 10)}`
  let serving = false
  return {
    name: 'rumbo-locale-assets',
    configResolved(config: { command: string }) {
      serving = config.command === 'serve'
    },
    resolveId: (id: string) => (id === LOCALE_MODULE ? `\0${LOCALE_MODULE}` : undefined),
    load(id: string) {
      if (id !== `\0${LOCALE_MODULE}`) return undefined
      return `export const LOCALE_BASE = ${JSON.stringify(serving ? '/src/i18n/locales' : `/${folder}`)}`
    },
    generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }) {
      for (const file of files) {
        const source = JSON.stringify(JSON.parse(readFileSync(LOCALES + file, 'utf8')))
        this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source })
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), localeAssets(), rumboDev()],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore built in; react-i18next's pre-18 fallback is dead weight.
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
    },
  },
  server: {
    // The country test compares the web list with the server's own (server/src/platform/countries/mod.rs).
    fs: { allow: ['.', '../server/src/platform/countries'] },
  },
  build: {
    outDir: 'dist',
    // The CSP allows images and fonts only from 'self': never inline assets as data: URIs.
    assetsInlineLimit: 0,
    // Every browser we target supports <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', test: isInitialShared }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest blanks CSS by default; the contrast test reads the theme tokens as raw text.
    css: { include: [/theme\.css/] },
  },
})
