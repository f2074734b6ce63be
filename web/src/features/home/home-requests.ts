import type { Lang } from '../../i18n/languages'
import { THEME_SLUGS } from '../../lib/site-map'
import { apiUrl, getJson } from '../content/api'
import type { DestinationList, DestinationSummary, HomeData, PostPage, Testimonial } from '../content/types'
import type { PageDataRequest } from '../content/use-page-data'

/** Travel insights: 3 posts at a time, up to 15, then the end message (docs/product.md#home). */
export const INSIGHTS_PAGE_SIZE = 3
export const INSIGHTS_MAX = 15

/** The five featured themes, in the home page's order (docs/product.md#home). */
export function featuredOf(destinations: DestinationSummary[]): DestinationSummary[] {
  return THEME_SLUGS.flatMap((slug) => destinations.filter((destination) => destination.slug === slug))
}

/**
 * The home page's data: embedded by the server on a first visit; otherwise the same
 * thing from three API calls (posts, destinations, testimonials). Testimonials that
 * cannot load leave their section out rather than the whole page.
 */
export function homeRequest(lang: Lang): PageDataRequest<HomeData> {
  return {
    key: `home:${lang}`,
    load: async () => {
      const [latest, destinations, testimonials] = await Promise.all([
        getJson<PostPage>(apiUrl('posts', lang, { limit: INSIGHTS_PAGE_SIZE })),
        getJson<DestinationList>(apiUrl('destinations', lang)),
        getJson<{ items: Testimonial[] }>(apiUrl('consultations/testimonials', lang)).then(
          (answer) => answer.items,
          () => [],
        ),
      ])
      return { latest, featured: featuredOf(destinations.items), testimonials }
    },
  }
}
