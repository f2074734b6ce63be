import { ensureBundle, i18n } from '../i18n/setup'
import type { Lang } from '../i18n/languages'
import type { DestinationSlug, PageId } from './site-map'

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = 'description'
    document.head.append(meta)
  }
  meta.content = content
}

export interface MetaWords {
  /** A key into seo.json (`pages.blog`), or none when the title and description are given. */
  key: `pages.${PageId}` | `destinations.${DestinationSlug}` | undefined
  title: string | undefined
  description: string | undefined
}

/**
 * Sets the document title and meta description after a client navigation (document-meta.ts):
 * the given words, or seo.json's for `key`, loading that bundle first. `current` says whether
 * the page is still the newest one once the words have arrived.
 */
export async function applyMeta({ key, title, description }: MetaWords, lang: Lang, current: () => boolean): Promise<void> {
  if (key === undefined) {
    if (!current()) return
    document.title = title ?? document.title
    setMetaDescription(description ?? '')
    return
  }
  await ensureBundle(lang, 'seo')
  if (!current()) return
  const t = i18n.getFixedT(lang, 'seo')
  document.title = t(`${key}.title`)
  setMetaDescription(t(`${key}.description`))
}
