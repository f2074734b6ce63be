import { vi } from 'vitest'
import { i18n, initI18n } from '../i18n/setup'
import type { Lang } from '../i18n/languages'

// The app fetches each locale file by URL; in tests the same files answer from disk.
const files = import.meta.glob<unknown>('../i18n/locales/*/*.json', { eager: true, import: 'default' })

/** Every locale file, as the app would download it. */
export function localeFile(lang: Lang, namespace: string): Record<string, unknown> {
  return files[`../i18n/locales/${lang}/${namespace}.json`] as Record<string, unknown>
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>
const notFound: Fetch = async () => new Response(null, { status: 404 })

/** Answers the app's locale fetches from disk; anything else gets `fallback` (404 by default). */
export function serveLocales(fallback: Fetch = notFound) {
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const match = /locales\/(\w+)\/(\w+)\.json/.exec(String(input))
    if (!match) return fallback(String(input), init)
    const body = files[`../i18n/locales/${match[1]}/${match[2]}.json`]
    return body ? new Response(JSON.stringify(body)) : new Response(null, { status: 404 })
  })
}

/** Starts i18next once, then switches to `lang` with the given namespaces loaded. */
export async function switchLanguage(lang: Lang, namespaces: string[] = ['auth']): Promise<void> {
  if (!i18n.isInitialized) await initI18n(lang, 'Rumbo', namespaces)
  await i18n.loadNamespaces(namespaces)
  await i18n.changeLanguage(lang)
}

/** jsdom has <dialog> but not its modal methods: enough of them for the login dialog. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}
