import { useEffect } from 'react'
import type { Lang } from '../i18n/languages'
import type { DestinationSlug, PageId } from './site-map'

/**
 * A key into seo.json (a page id or a destination slug), or, for content from the
 * API such as a blog post, the finished title and description.
 */
export type MetaEntry = { page: PageId } | { destination: DestinationSlug } | { title: string; description: string }

// The server already rendered the right <title> and description for the first
// page, so the seo bundle is only fetched when the visitor moves on (or when
// there is no server head, as under `vite dev`).
let serverHeadIsCurrent = typeof document !== 'undefined' && document.title !== ''

// Each page's head request; an answer applies only while its request is the newest one.
let latestRequest = 0

/** Called when the first URL was rewritten on the client, so the server's head is for another page. */
export function markServerHeadStale(): void {
  serverHeadIsCurrent = false
}

/** Keeps the document title and meta description in step with client navigation. */
export function useDocumentMeta(entry: MetaEntry, lang: Lang): void {
  const key: `pages.${PageId}` | `destinations.${DestinationSlug}` | undefined =
    'page' in entry ? `pages.${entry.page}` : 'destination' in entry ? `destinations.${entry.destination}` : undefined
  const title = 'title' in entry ? entry.title : undefined
  const description = 'description' in entry ? entry.description : undefined
  useEffect(() => {
    const request = ++latestRequest
    if (serverHeadIsCurrent) {
      serverHeadIsCurrent = false
      return
    }
    // Only after a client navigation, so its code (and the seo words) load then, not with the first page.
    import('./document-meta-apply')
      // Only the newest page's words: a slow bundle of a page already left never wins.
      .then((apply) => apply.applyMeta({ key, title, description }, lang, () => request === latestRequest))
      // Without it the previous title stays; the page itself still works.
      .catch(() => undefined)
    return () => {
      if (request === latestRequest) latestRequest++
    }
  }, [key, lang, title, description])
}
