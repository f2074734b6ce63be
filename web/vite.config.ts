import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Shared code of the first render goes into one chunk (one request, better
// compression). Lazy modules stay out: the mobile menu panel, lucide's
// per-icon modules, which follow the pages that use them, the auth client
// (auth-js and its tslib helpers), which loads only when a visitor needs it,
// and the analytics runtime (lib/analytics-*.ts), which loads only to send an event.
function isInitialShared(id: string): boolean {
  if (/lucide-react|@supabase[\\/]|[\\/]tslib[\\/]/.test(id)) return false
  if (/MobileMenuPanel/.test(id)) return false
  // The analytics runtime and Google's tag load only when there is an event to send.
  if (/src[\\/]lib[\\/]analytics-/.test(id)) return false
  return /node_modules[\\/]/.test(id) || /src[\\/](app|lib|i18n|components)[\\/]/.test(id)
}

// Locale files keep their language in the name (es-common-<hash>.json), for people reading dist/.
function assetFileName({ originalFileNames }: { originalFileNames: readonly string[] }): string {
  const locale = /locales\/(\w+)\/\w+\.json$/.exec(originalFileNames[0] ?? '')
  return locale ? `assets/${locale[1]}-[name]-[hash][extname]` : 'assets/[name]-[hash][extname]'
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore built in; react-i18next's pre-18 fallback is dead weight.
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
    },
  },
  server: {
    // The country test compares the web list with the server's own (server/src/profiles/countries.rs).
    fs: { allow: ['.', '../server/src/profiles'] },
  },
  build: {
    outDir: 'dist',
    // The CSP allows images and fonts only from 'self': never inline assets as data: URIs.
    assetsInlineLimit: 0,
    // Every browser we target supports <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        assetFileNames: assetFileName,
        codeSplitting: { groups: [{ name: 'app', test: isInitialShared }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest blanks CSS by default; the contrast test reads the theme tokens as raw text.
    css: { include: [/theme\.css/] },
  },
})
