import type { Lang } from '../../i18n/languages'
import type { OpinionCategory, OpinionPage, OpinionSummary } from './types'

/** An opinion in a list, as the API answers it. */
export function opinionSummary(slug: string, category: OpinionCategory = 'airline', lang: Lang = 'en', overrides: Partial<OpinionSummary> = {}): OpinionSummary {
  return {
    slug,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    category,
    country: 'PE',
    outcome: 'Refund obtained',
    published_at: '2026-12-01T14:00:00Z',
    lang,
    ...overrides,
  }
}

/** One opinion's page, as the API (and the page's data block) carries it. */
export function opinionPage(slug: string, lang: Lang = 'en', overrides: Partial<OpinionPage> = {}): OpinionPage {
  return {
    ...opinionSummary(slug, 'airline', lang),
    html: '<h2>What happened</h2><p>The flight was cancelled. <a href="/help">Ask us</a></p>',
    languages: ['en', 'es', 'pt'],
    ...overrides,
  }
}
