// Prints the gzip size of what each page loads and fails when a budget is
// exceeded. Run after `npm run build`: `npm run size`.
//   initial JS: what "/" runs before any interaction (entry, its static
//               imports, the home page chunk, and the cookie banner that
//               opens by itself after one second) ≤ 100 KB
//   route chunk: each page's own chunk plus the static imports it adds ≤ 30 KB
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// Decimal kilobytes: the stricter reading of "100 KB".
const KB = 1000
const BUDGET = { initialJs: 100 * KB, routeChunk: 30 * KB }
const dist = new URL('../dist/', import.meta.url).pathname
const assets = readdirSync(join(dist, 'assets'))

// What the server sends: the precompressed .gz written by the build (scripts/precompress.mjs),
// or, for files too small to have one, gzip as the server would compress on the fly.
const gz = (file) => {
  const path = join(dist, 'assets', file)
  return existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(readFileSync(path), { level: 6 }).length
}
const chunk = (prefix) => assets.find((file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'))

/** A chunk and every chunk it imports statically (import … from "./x.js"). */
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = readFileSync(join(dist, 'assets', file), 'utf8')
  for (const [, dep] of code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) staticGraph(dep, seen)
  return seen
}

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const htmlJs = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1])
const css = [...html.matchAll(/href="\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1])

const initial = new Set()
for (const file of htmlJs) staticGraph(file, initial)
const firstLoad = new Set(initial)
for (const prefix of ['HomePage', 'CookieBanner']) staticGraph(chunk(prefix), firstLoad)

const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0)
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
let failed = false
const check = (label, bytes, budget) => {
  const ok = bytes <= budget
  failed ||= !ok
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(42)} ${kb(bytes).padStart(9)}  (budget ${kb(budget)})`)
}

console.log('Files loaded by "/" before any interaction:')
for (const file of firstLoad) console.log(`     ${file.padEnd(40)} ${kb(gz(file)).padStart(9)}`)
check('initial JS of "/"', sum(firstLoad), BUDGET.initialJs)
console.log(`     CSS ${css.join(', ')}: ${kb(sum(css))}`)

console.log('\nRoute chunks (own code plus what they add to the initial set):')
const pages = ['HomePage', 'HomeSections', 'BlogPage', 'BlogPostPage', 'StorePage', 'ProductPage', 'CartDrawer', 'HelpPage', 'ManageBookingPage', 'DestinationsPage', 'DestinationPage', 'TermsPage',
  'PrivacyPage', 'CopyrightPage', 'AboutPage', 'NotFoundPage', 'AccountPage', 'ResetPasswordPage', 'MobileMenuPanel',
  'CookieBanner', 'LanguageSuggestionHost', 'LanguageSuggestion', 'LoginDialog', 'AccountMenu', 'auth-runtime', 'Footer', 'NewsletterConfirmPage',
  'NewsletterUnsubscribePage', 'NewsletterFormFields', 'subscribe-flow', 'analytics-runtime', 'AdUnit', 'CheckoutPage', 'OrderPage',
  'MyOrders']
for (const page of pages) {
  const file = chunk(page)
  if (!file) throw new Error(`No chunk for ${page}`)
  const added = [...staticGraph(file)].filter((dep) => !initial.has(dep))
  check(page, sum(added), BUDGET.routeChunk)
}

// Chunks a page loads later (the booking flow's steps after the plans, the account's sections
// after its first ones, the login dialog's second step): what they add to the page.
const nested = {
  HelpPage: ['TimeStep', 'PaymentStep', 'ConfirmationStep'],
  CheckoutPage: ['OrderPayment'],
  AccountPage: ['MyOrders', 'TwoFactorSection', 'DevicesSection', 'ConnectedAccountsSection', 'DataSection', 'DeleteAccountSection'],
  LoginDialog: ['MfaStepView'],
}
for (const [page, parts] of Object.entries(nested)) {
  const loaded = staticGraph(chunk(page), new Set(initial))
  for (const part of parts) {
    const file = chunk(part)
    if (!file) throw new Error(`No chunk for ${part}`)
    const added = [...staticGraph(file)].filter((dep) => !loaded.has(dep))
    check(`${page} → ${part}`, sum(added), BUDGET.routeChunk)
  }
}

process.exit(failed ? 1 : 0)
