import type { BackendModule, ResourceKey } from 'i18next'
import type { Lang } from './languages'

// Each locale file is emitted as a hashed JSON asset (cached for a year like
// the scripts) and fetched on demand: a page downloads only the words of its
// own language and namespaces, as data rather than as JavaScript.
const urls = import.meta.glob<string>('./locales/*/*.json', { query: '?url', import: 'default', eager: true })

export async function loadBundle(lang: Lang, namespace: string): Promise<ResourceKey> {
  const url = urls[`./locales/${lang}/${namespace}.json`]
  if (!url) throw new Error(`No translations for ${lang}/${namespace}`)
  const response = await fetch(url)
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
