import type account from './locales/en/account.json'
import type auth from './locales/en/auth.json'
import type blog from './locales/en/blog.json'
import type checkout from './locales/en/checkout.json'
import type common from './locales/en/common.json'
import type consultations from './locales/en/consultations.json'
import type destinations from './locales/en/destinations.json'
import type errors from './locales/en/errors.json'
import type help from './locales/en/help.json'
import type home from './locales/en/home.json'
import type legal from './locales/en/legal.json'
import type navigation from './locales/en/navigation.json'
import type newsletter from './locales/en/newsletter.json'
import type opinions from './locales/en/opinions.json'
import type pages from './locales/en/pages.json'
import type rightsResult from './locales/en/rightsResult.json'
import type rights from './locales/en/rights.json'
import type search from './locales/en/search.json'
import type seo from './locales/en/seo.json'
import type staff from './locales/en/staff.json'
import type store from './locales/en/store.json'

// Typed keys: a typo in t('…') fails `npm run typecheck`. English is the reference;
// the locale parity test keeps es and pt in the same shape.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      account: typeof account
      auth: typeof auth
      blog: typeof blog
      checkout: typeof checkout
      common: typeof common
      consultations: typeof consultations
      destinations: typeof destinations
      errors: typeof errors
      help: typeof help
      home: typeof home
      legal: typeof legal
      navigation: typeof navigation
      newsletter: typeof newsletter
      opinions: typeof opinions
      pages: typeof pages
      rightsResult: typeof rightsResult
      rights: typeof rights
      search: typeof search
      seo: typeof seo
      staff: typeof staff
      store: typeof store
    }
  }
}
