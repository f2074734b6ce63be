import type { DestinationDetail, DestinationSummary, PostDetail, PostPage, PostSummary } from '../lib/api/types'
import type { Lang } from '../lib/api/types'

/** A post card as the API answers it, in `lang`. */
export function postSummary(slug: string, lang: Lang = 'en', overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    slug,
    path: lang === 'en' ? `/blog/${slug}` : `/${lang}/blog/${slug}`,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    category: { key: 'flights', name: 'Flights' },
    author: { name: 'Marta Ruiz', role: 'Passenger-rights adviser' },
    published: '2026-03-14',
    updated: '2026-03-14',
    reading_minutes: 6,
    cover: { url: `/media/${slug}.svg`, width: 1200, height: 675, alt: `Illustration for ${slug}` },
    ...overrides,
  }
}

export function postPage(slugs: string[], nextCursor: string | null, lang: Lang = 'en'): PostPage {
  return { items: slugs.map((slug) => postSummary(slug, lang)), next_cursor: nextCursor }
}

export function postDetail(slug: string, lang: Lang = 'en', overrides: Partial<PostDetail> = {}): PostDetail {
  return {
    ...postSummary(slug, lang),
    lang,
    description: `Description of ${slug}`,
    tags: ['EU261', 'refunds'],
    body_html: '<h2>What to do</h2><p>Keep every receipt. <a href="/blog/other-post">Read more</a></p>',
    destinations: [{ slug: 'europe', path: lang === 'en' ? '/destinations/europe' : `/${lang}/destinations/europe`, title: 'Europe' }],
    related: [postSummary('related-one', lang)],
    ...overrides,
  }
}

export function destinationSummary(slug: string, kind: DestinationSummary['kind'], lang: Lang = 'en'): DestinationSummary {
  return {
    slug,
    path: lang === 'en' ? `/destinations/${slug}` : `/${lang}/destinations/${slug}`,
    kind,
    title: `Title of ${slug}`,
    description: `Description of ${slug}`,
    image: { url: `/media/${slug}.svg`, width: 1200, height: 675, alt: `Illustration of ${slug}` },
  }
}

export function destinationDetail(slug: string, kind: DestinationSummary['kind'], lang: Lang = 'en', title?: string): DestinationDetail {
  const summary = destinationSummary(slug, kind, lang)
  return { ...summary, title: title ?? summary.title, lang, body_html: '<p>When to go.</p>', posts: [postSummary('in-this-place', lang)] }
}

/** An answer of the fake API. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}
