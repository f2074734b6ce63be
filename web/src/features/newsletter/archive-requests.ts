import type { Lang } from '../../i18n/languages'
import type { NewsletterArchive, NewsletterArchiveIssue } from '../../lib/api/types'
import { apiUrl, getJson, getJsonOrNull } from '../content/api'
import type { PageDataRequest } from '../content/use-page-data'

/** The language's public issues (GET /api/v1/newsletter/archive?lang=), newest first. */
export function archiveRequest(lang: Lang): PageDataRequest<NewsletterArchive> {
  const url = apiUrl('newsletter/archive', lang)
  return { key: url, load: () => getJson<NewsletterArchive>(url) }
}

/** One public issue; `null` when the slug is unknown (the page shows not-found). */
export function archiveIssueRequest(lang: Lang, slug: string): PageDataRequest<NewsletterArchiveIssue | null> {
  const url = apiUrl(`newsletter/archive/${encodeURIComponent(slug)}`, lang)
  return { key: url, load: () => getJsonOrNull<NewsletterArchiveIssue>(url) }
}
