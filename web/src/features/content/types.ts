/**
 * What the content API answers: aliases of the generated OpenAPI types (lib/api/types.ts).
 * The page data block carries exactly the same JSON (docs/decisions/002, addendum).
 */
import type { DestinationSummary, PostPage, Testimonial } from '../../lib/api/types'

export type {
  DestinationDetail,
  DestinationKind,
  DestinationLink,
  DestinationList,
  DestinationSummary,
  ImageInfo,
  PostDetail,
  PostPage,
  PostSummary,
  Testimonial,
} from '../../lib/api/types'

/** The home page's data block: three newest posts, the five featured themes, testimonials. */
export interface HomeData {
  latest: PostPage
  featured: DestinationSummary[]
  testimonials: Testimonial[]
}
