/**
 * The public opinions API (issue 14's contract, docs/decisions/014-consultants-deliver.md),
 * written by hand until the generated OpenAPI types (lib/api/types.ts) have it; then these
 * become aliases of those. The page data block carries exactly the same JSON.
 */
import type { Lang } from '../../i18n/languages'

/** What an opinion is about, in the order the filter shows them. */
export const OPINION_CATEGORIES = ['airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'] as const
export type OpinionCategory = (typeof OPINION_CATEGORIES)[number]

/** One opinion in a list: `GET /api/v1/opinions?lang=…&category=…`. */
export interface OpinionSummary {
  slug: string
  title: string
  excerpt: string
  category: OpinionCategory
  /** ISO 3166-1 alpha-2. */
  country: string
  /** Short free text, e.g. "Refund obtained". */
  outcome: string
  /** RFC 3339 instant. */
  publishedAt: string
  /** The language of this text: the asked one, or the traveller's when it has no text in the asked one. */
  lang: Lang
}

export interface OpinionList {
  items: OpinionSummary[]
}

/** One opinion: `GET /api/v1/opinions/{slug}?lang=…`. */
export interface OpinionPage extends OpinionSummary {
  /** Sanitized by the server (rendered from the markdown). */
  html: string
  /** Every language the opinion has a text in. */
  languages: Lang[]
}
