import type { BackendModule, ResourceKey } from 'i18next'
import { LOCALE_BASE } from 'virtual:locale-base'
import type { Lang } from './languages'

// Locale files are JSON assets under one content-hashed folder (see vite.config.ts),
// fetched on demand: a page downloads only the words of its own language and
// namespaces, as data rather than as JavaScript.
export async function loadBundle(lang: Lang, namespace: string): Promise<ResourceKey> {
  const response = await fetch(`${LOCALE_BASE}/${lang}/${namespace}.json`)
  if (!response.ok) throw new Error(`Translations ${lang}/${namespace}: HTTP ${response.status}`)
  return (await response.json()) as ResourceKey
}

/** The i18next backend that reads the bundles above. */
export const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lang, namespace, callback) {
    loadBundle(lang as Lang, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}
