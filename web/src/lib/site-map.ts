/**
 * The route contract shared with the server (docs/decisions/002-page-shell.md).
 * The server answers 200 only for these; change both sides together.
 */

/** Page ids: keys of `pages` in seo.json. */
export const PAGE_IDS = [
  'home',
  'blog',
  'store',
  'help',
  'destinations',
  'terms',
  'privacy',
  'copyright',
  'about',
  'account',
  'resetPassword',
  'newsletterConfirm',
  'newsletterUnsubscribe',
  'newsletterArchive',
  'helpBooking',
  'helpOpinions',
  'helpRights',
  'storeCheckout',
  'storeOrder',
  'staff',
  'notFound',
] as const
export type PageId = (typeof PAGE_IDS)[number]

/** App paths of the pages that have one (English form; other languages add a prefix). */
export const PAGE_PATHS = {
  home: '/',
  blog: '/blog',
  store: '/store',
  help: '/help',
  destinations: '/destinations',
  terms: '/terms',
  privacy: '/privacy',
  copyright: '/copyright',
  about: '/about',
  account: '/account',
  resetPassword: '/reset-password',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  newsletterArchive: '/newsletter',
  helpBooking: '/help/booking',
  helpOpinions: '/help/opinions',
  helpRights: '/help/rights',
} as const satisfies Partial<Record<PageId, string>>

/** The regions in the header's Destinations menu, in menu order. */
export const REGION_SLUGS = ['europe', 'asia', 'americas', 'africa', 'oceania'] as const
/** Kinds of trip (the destinations page filters). */
export const TYPE_SLUGS = ['beaches', 'mountains', 'cities', 'cultural'] as const
/** Featured themes on the home page. */
export const THEME_SLUGS = ['tropical', 'mountains', 'urban', 'historic', 'islands'] as const

export type RegionSlug = (typeof REGION_SLUGS)[number]
export type DestinationSlug = RegionSlug | (typeof TYPE_SLUGS)[number] | (typeof THEME_SLUGS)[number]

/** The 13 destination slugs ("mountains" is both a type and a theme). */
export const DESTINATION_SLUGS: readonly DestinationSlug[] = [
  ...new Set<DestinationSlug>([...REGION_SLUGS, ...TYPE_SLUGS, ...THEME_SLUGS]),
]

export function isDestinationSlug(value: string | undefined): value is DestinationSlug {
  return value !== undefined && (DESTINATION_SLUGS as readonly string[]).includes(value)
}

export function destinationPath(slug: DestinationSlug): string {
  return `${PAGE_PATHS.destinations}/${slug}`
}

/**
 * Blog posts live at /blog/{slug} (docs/product.md#routes); the slug is checked
 * against the content API, which answers 404 for an unknown one (so does the server).
 */
export const BLOG_POST_ROUTE = 'blog/:slug'

/** Slugs are lower-case words joined by hyphens (the API's own pattern). */
export function isPostSlug(value: string | undefined): value is string {
  return value !== undefined && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)
}

export function blogPostPath(slug: string): string {
  return `${PAGE_PATHS.blog}/${slug}`
}

/**
 * A store product lives at /store/{slug}; its slug follows the posts' pattern and the API answers
 * 404 for an unknown one (so does the server). `store/checkout` and `store/orders/:id` are pages
 * of their own, matched before it.
 */
export const STORE_PRODUCT_ROUTE = 'store/:slug'

export const isProductSlug = isPostSlug

/** The destinations page filtered to one type of trip: /destinations?type=beaches. */
export function destinationsOfTypePath(type: (typeof TYPE_SLUGS)[number]): string {
  return `${PAGE_PATHS.destinations}?type=${type}`
}

/**
 * A consultation's private page (docs/product.md#manage-link): /help/booking/{id}?token=…, the
 * manage link of the confirmation. Booking ids are UUIDs; anything else is not found.
 */
export const HELP_BOOKING_ROUTE = 'help/booking/:id'

export function isBookingId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/**
 * The store's private pages (docs/product.md#routes, noindex): the checkout, and an order's page
 * /store/orders/{id}?token=…, the receipt e-mail's link. Static segments outrank `store/:slug`.
 */
export const STORE_CHECKOUT_ROUTE = 'store/checkout'
export const STORE_ORDER_ROUTE = 'store/orders/:id'


/**
 * Published opinions (docs/decisions/014-consultants-deliver.md): the list /help/opinions
 * (`?category=` filters it) and one opinion at /help/opinions/{slug}. Slugs follow the posts'
 * pattern; the API answers 404 for an unknown one (so does the server).
 */
export const OPINION_ROUTE = 'help/opinions/:slug'

export const isOpinionSlug = isPostSlug

export function opinionPath(slug: string): string {
  return `${PAGE_PATHS.helpOpinions}/${slug}`
}

/**
 * The newsletter's public archive (docs/decisions/018): /newsletter lists the language's public
 * issues, /newsletter/{slug} shows one. `newsletter/confirm` and `newsletter/unsubscribe` are pages
 * of their own (static segments outrank the slug); slugs follow the posts' pattern.
 */
export const NEWSLETTER_ISSUE_ROUTE = 'newsletter/:slug'

export const isIssueSlug = isPostSlug

export function newsletterIssuePath(slug: string): string {
  return `${PAGE_PATHS.newsletterArchive}/${slug}`
}
