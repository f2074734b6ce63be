import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { stripLangPrefix } from '../i18n/paths'
import {
  BLOG_POST_ROUTE,
  HELP_BOOKING_ROUTE,
  NEWSLETTER_ISSUE_ROUTE,
  isBookingId,
  isIssueSlug,
  isDestinationSlug,
  isOpinionSlug,
  OPINION_ROUTE,
  STORE_CHECKOUT_ROUTE,
  STORE_ORDER_ROUTE,
  STORE_PRODUCT_ROUTE,
} from '../lib/site-map'
import { RootLayout } from './layout/RootLayout'
import { lazyPage, type LazyPage } from './lazy-page'

const storePages = () => import('../features/store/checkout/routes')
const STORE_NAMESPACES = ['checkout', 'errors']

const pages = {
  home: lazyPage(() => import('../features/home/HomePage'), ['home', 'search', 'blog']),
  blog: lazyPage(() => import('../features/blog/BlogPage'), ['blog']),
  // An unknown slug is only known once the API answers; the not-found page then loads 'pages'.
  post: lazyPage(() => import('../features/blog/BlogPostPage'), ['blog']),
  store: lazyPage(() => import('../features/store/StorePage'), ['store']),
  // Like a post: an unknown slug is only known once the API answers.
  product: lazyPage(() => import('../features/store/ProductPage'), ['store']),
  // Through one small module, so their lists of files stay out of the first load. The card
  // form's words ('consultations') load with the payment; a malformed order id loads 'pages'.
  checkout: lazyPage(() => storePages().then((store) => store.checkoutPage()), STORE_NAMESPACES),
  order: lazyPage(() => storePages().then((store) => store.orderPage()), STORE_NAMESPACES),
  help: lazyPage(() => import('../features/help/HelpPage'), ['help', 'consultations', 'errors']),
  // A booking id that is not a UUID is not found (the server answers 404 too).
  helpBooking: lazyPage(() => import('../features/consultations/ManageBookingPage'), ({ id }) =>
    id === undefined || isBookingId(id) ? ['consultations', 'errors'] : ['pages'],
  ),
  // Published opinions (issue 14); like a post, an unknown slug is only known once the API answers.
  opinions: lazyPage(() => import('../features/opinions/OpinionsPage'), ['opinions']),
  // The passenger-rights checker (issue 16): the wizard's words and the result's.
  rights: lazyPage(() => import('../features/rights/RightsPage'), ['rights', 'rightsResult']),
  opinion: lazyPage(() => import('../features/opinions/OpinionPage'), ({ slug }) => (isOpinionSlug(slug) ? ['opinions'] : ['pages'])),
  destinations: lazyPage(() => import('../features/destinations/DestinationsPage'), ['destinations']),
  destination: lazyPage(() => import('../features/destinations/DestinationPage'), ({ slug }) =>
    isDestinationSlug(slug) ? ['destinations', 'blog'] : ['pages'],
  ),
  terms: lazyPage(() => import('../features/legal/TermsPage'), ['legal']),
  privacy: lazyPage(() => import('../features/legal/PrivacyPage'), ['legal']),
  copyright: lazyPage(() => import('../features/legal/CopyrightPage'), ['legal']),
  about: lazyPage(() => import('../features/about/AboutPage'), ['pages']),
  account: lazyPage(() => import('../features/account/AccountPage'), ['auth', 'consultations']),
  resetPassword: lazyPage(() => import('../features/auth/ResetPasswordPage'), ['auth']),
  newsletterConfirm: lazyPage(() => import('../features/newsletter/NewsletterConfirmPage'), ['newsletter']),
  newsletterUnsubscribe: lazyPage(() => import('../features/newsletter/NewsletterUnsubscribePage'), ['newsletter']),
  // The public archive of sent issues (decision 018); like a post, an unknown slug is only known once the API answers.
  newsletterArchive: lazyPage(() => import('../features/newsletter/NewsletterArchivePage'), ['newsletter']),
  newsletterIssue: lazyPage(() => import('../features/newsletter/NewsletterIssuePage'), ({ slug }) => (isIssueSlug(slug) ? ['newsletter'] : ['pages'])),
  notFound: lazyPage(() => import('../features/not-found/NotFoundPage'), ['pages']),
  // The team's console (decision 014): its own chunk and words, never part of a public page's load.
  staff: lazyPage(() => import('../features/staff/routes').then((staff) => staff.consolePage()), ['staff', 'errors']),
}

interface PageHandle {
  page: LazyPage
}

function route(path: string | undefined, page: LazyPage): RouteObject {
  const element = <page.Page />
  const handle: PageHandle = { page }
  return path === undefined ? { index: true, element, handle } : { path, element, handle }
}

/** The pages of one language (decision 002's route table); mounted at /, /es and /pt. */
function pageRoutes(): RouteObject[] {
  return [
    route(undefined, pages.home),
    route('blog', pages.blog),
    route(BLOG_POST_ROUTE, pages.post),
    route('store', pages.store),
    // Before store/:slug (static segments outrank it anyway).
    route(STORE_CHECKOUT_ROUTE, pages.checkout),
    route(STORE_ORDER_ROUTE, pages.order),
    route(STORE_PRODUCT_ROUTE, pages.product),
    route('help', pages.help),
    route('help/booking', pages.helpBooking),
    route(HELP_BOOKING_ROUTE, pages.helpBooking),
    route('help/opinions', pages.opinions),
    route('help/rights', pages.rights),
    route(OPINION_ROUTE, pages.opinion),
    route('destinations', pages.destinations),
    route('destinations/:slug', pages.destination),
    route('terms', pages.terms),
    route('privacy', pages.privacy),
    route('copyright', pages.copyright),
    route('about', pages.about),
    route('account', pages.account),
    route('reset-password', pages.resetPassword),
    route('newsletter/confirm', pages.newsletterConfirm),
    route('newsletter/unsubscribe', pages.newsletterUnsubscribe),
    // After confirm and unsubscribe (static segments outrank the slug anyway).
    route('newsletter', pages.newsletterArchive),
    route(NEWSLETTER_ISSUE_ROUTE, pages.newsletterIssue),
    // Its sections (/staff/cases, /staff/bookings/{id}…) are routed inside the console's chunk.
    route('staff/*', pages.staff),
    route('*', pages.notFound),
  ]
}

/** /en and /en/* show the unprefixed address instead (the server answers 301 for the same). */
function EnglishPrefixRedirect() {
  const { pathname, search, hash } = useLocation()
  return <Navigate replace to={stripLangPrefix(pathname + search + hash)} />
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'en/*', element: <EnglishPrefixRedirect /> },
      { path: 'es', children: pageRoutes() },
      { path: 'pt', children: pageRoutes() },
      ...pageRoutes(),
    ],
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}

/**
 * What the page at this path needs before it can render: its code (the
 * download starts now) and its translation namespaces.
 */
export function startPageLoad(pathname: string): { code: Promise<unknown>; namespaces: string[] } {
  const match = (matchRoutes(routes, pathname) ?? []).findLast((candidate) => candidate.route.handle)
  const page = (match?.route.handle as PageHandle | undefined)?.page
  if (!match || !page) return { code: Promise.resolve(), namespaces: [] }
  return { code: page.load(), namespaces: page.namespaces(match.params) }
}
