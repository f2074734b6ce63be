/**
 * What the content API answers (server/src/openapi/openapi.json). The page data
 * block carries exactly the same JSON (docs/decisions/002, addendum).
 */
export interface ImageInfo {
  url: string
  width: number
  height: number
  alt: string
}

export interface PostSummary {
  slug: string
  /** Already localized: "/es/blog/…". */
  path: string
  title: string
  excerpt: string
  category: { key: string; name: string }
  author: { name: string; role: string }
  /** Calendar dates, YYYY-MM-DD. */
  published: string
  updated: string
  reading_minutes: number
  cover: ImageInfo
}

export interface PostPage {
  items: PostSummary[]
  next_cursor: string | null
}

export interface DestinationLink {
  slug: string
  path: string
  title: string
}

export interface PostDetail extends PostSummary {
  lang: string
  description: string
  tags: string[]
  /** Sanitized on the server. */
  body_html: string
  destinations: DestinationLink[]
  related: PostSummary[]
}

export type DestinationKind = 'region' | 'type' | 'theme'

export interface DestinationSummary {
  slug: string
  path: string
  kind: DestinationKind
  title: string
  description: string
  image: ImageInfo
}

export interface DestinationList {
  items: DestinationSummary[]
}

export interface DestinationDetail extends DestinationSummary {
  lang: string
  body_html: string
  posts: PostSummary[]
}

export interface Testimonial {
  quote: string
  name: string
  trip: string
}

/** The home page's data block: three newest posts, the five featured themes, testimonials. */
export interface HomeData {
  latest: PostPage
  featured: DestinationSummary[]
  testimonials: Testimonial[]
}
