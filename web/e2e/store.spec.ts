import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createConfirmedAccount, expectAccessible, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail, waitForMail } from './mailbox'
import { answerConsentUpFront, localized, text, watchConsole, type Lang } from './support'

// The store (docs/product.md#store) against the release binary: the catalogue, the cart
// drawer, the checkout with the sandbox card, the order page, the receipt and its download.

const GUIDE = 'air-passenger-rights-guide' // digital, SKU RG-RIGHTS-PDF
const SCALE = 'digital-luggage-scale' // physical
const ORDER_NUMBER = /R-\d{4}-\d{6}/
const DECLINED_CARD = '4000 0000 0000 0002'
const GOOD_CARD = '4242 4242 4242 4242'

const store = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'store', key, vars)
const checkout = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'checkout', key, vars)
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A label that ends with a variable part (a price, a language): matched on its fixed start. */
const startingWith = (value: string) => new RegExp(`^${escape(value)}`)

interface Catalog {
  items: { slug: string; name: string }[]
  categories: { key: string; name: string }[]
}

/** The catalogue's first page as the API lists it (12, PAGE_SIZE of features/store/api.ts), to compare with the page. */
async function catalog(request: APIRequestContext, lang: Lang, query: Record<string, string> = {}): Promise<Catalog> {
  const search = new URLSearchParams({ lang, limit: '12', ...query })
  const response = await request.get(`/api/v1/store/products?${search}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as Catalog
}
const namesOf = (list: Catalog) => list.items.map((product) => product.name)

async function productName(request: APIRequestContext, lang: Lang, slug: string): Promise<string> {
  const response = await request.get(`/api/v1/store/products/${slug}?lang=${lang}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { name: string }).name
}

const cartDrawer = (page: Page, lang: Lang) => page.getByRole('dialog', { name: store(lang, 'cart.title') })

/** The header's cart button, named after the count ("Carrinho, 2 itens"). */
function headerCart(page: Page, lang: Lang, count: number) {
  const key = count === 0 ? 'cart_zero' : count === 1 ? 'cart_one' : 'cart_other'
  return page.getByRole('banner').getByRole('button', { name: text(lang, 'navigation', key, { count: String(count) }), exact: true })
}

/** On a product page: "Add to cart", which opens the drawer saying what was added; then closes it. */
async function addToCart(page: Page, lang: Lang, name: string, { close = true } = {}) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.getByRole('button', { name: store(lang, 'product.addToCart') }).click()
  const drawer = cartDrawer(page, lang)
  await expect(drawer).toBeVisible()
  await expect(drawer).toHaveAccessibleDescription(store(lang, 'cart.added', { name, quantity: '1' }))
  await expect(drawer.getByRole('list', { name: store(lang, 'cart.lines') }).getByRole('link', { name, exact: true })).toBeVisible()
  if (close) {
    await drawer.getByRole('button', { name: store(lang, 'cart.close') }).click()
    await expect(drawer).toBeHidden()
  }
}

/** The sandbox card form of the payment step. */
async function payWith(page: Page, lang: Lang, card: string) {
  const form = page.getByRole('group', { name: text(lang, 'consultations', 'card.legend') })
  await form.getByLabel(text(lang, 'consultations', 'card.number'), { exact: true }).fill(card)
  await form.getByLabel(text(lang, 'consultations', 'card.exp'), { exact: true }).fill('12/30')
  await form.getByLabel(text(lang, 'consultations', 'card.cvc'), { exact: true }).fill('123')
  await form.getByLabel(text(lang, 'consultations', 'card.name'), { exact: true }).fill('Joana Silva')
  await page.getByRole('button', { name: startingWith(checkout(lang, 'payment.pay', { amount: '' })) }).click()
}

/** The payment step after "Place order": the order's number, read from its introduction. */
async function placeOrder(page: Page, lang: Lang): Promise<string> {
  await page.getByRole('button', { name: checkout(lang, 'place.button'), exact: true }).click()
  await expect(page.getByRole('heading', { name: checkout(lang, 'payment.heading'), exact: true })).toBeFocused()
  const intro = page.getByRole('region', { name: checkout(lang, 'payment.heading'), exact: true }).getByText(ORDER_NUMBER)
  const number = ORDER_NUMBER.exec((await intro.textContent()) ?? '')?.[0]
  if (!number) throw new Error('no order number on the payment step')
  await expect(intro).toHaveText(checkout(lang, 'payment.intro', { number }))
  return number
}

/**
 * Paid: the order page, its number in the heading, the thanks and the status (an order of
 * downloads only is fulfilled at once; one with goods to ship is paid until it ships).
 */
async function expectOrderPage(page: Page, lang: Lang, number: string, email: string, status: 'paid' | 'fulfilled') {
  await expect(page).toHaveURL(new RegExp(`${escape(localized(lang, '/store/orders/'))}[A-Za-z0-9_-]+$`))
  await expect(page.getByRole('heading', { level: 2, name: checkout(lang, 'order.number', { number }) })).toBeVisible()
  await expect(page.getByText(checkout(lang, 'order.thanks', { email }))).toBeFocused()
  const details = page.getByRole('region', { name: checkout(lang, 'order.number', { number }) })
  await expect(details.getByText(`${checkout(lang, 'order.statusLabel')}: ${checkout(lang, `status.${status}`)}`)).toBeVisible()
}

/** The receipt's subject, from the server's own template (server/src/mail/templates). */
const receiptSubject = (lang: Lang, number: string) =>
  readFileSync(resolve(import.meta.dirname, `../../server/src/mail/templates/order_receipt/${lang}.subject`), 'utf8')
    .trim()
    .replaceAll('{{order_number}}', number)
    .replaceAll('{{site_name}}', 'Rumbo')

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('a Portuguese visitor filters the catalogue, buys a guide and a luggage scale, is declined once, pays, and downloads the guide', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000)
  const lang = 'pt'
  const noErrors = watchConsoleExcept(page, [/status of 402/])
  const email = uniqueEmail('store.pt')
  const [guideName, scaleName] = await Promise.all([productName(request, lang, GUIDE), productName(request, lang, SCALE)])

  // The catalogue: a category, then an order, both kept in the address.
  await page.goto(localized(lang, '/store'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store(lang, 'title'))
  const products = page.getByRole('region', { name: store(lang, 'catalog.label') })
  const names = products.getByRole('heading', { level: 2 })
  const all = await catalog(request, lang)
  await expect(names).toHaveText(namesOf(all))
  const guides = namesOf(await catalog(request, lang, { category: 'guides' }))
  const guidesName = all.categories.find((category) => category.key === 'guides')!.name
  await products.getByRole('group', { name: store(lang, 'catalog.categories') }).getByText(guidesName, { exact: true }).click()
  await expect(page).toHaveURL(/\/pt\/store\?category=guides$/)
  await expect(products.getByRole('radio', { name: guidesName })).toBeChecked()
  await expect(names).toHaveText(guides)
  await expect(products.getByRole('status')).toHaveText(store(lang, 'catalog.count_other', { count: String(guides.length) }))
  await products.getByLabel(store(lang, 'catalog.sort')).selectOption({ label: store(lang, 'catalog.sorts.price_desc') })
  await expect(page).toHaveURL(/\/pt\/store\?category=guides&sort=price_desc$/)
  await expect(names).toHaveText(namesOf(await catalog(request, lang, { category: 'guides', sort: 'price_desc' })))

  // The guide from its card, then the scale: each "Add to cart" opens the drawer.
  await products.getByRole('link', { name: guideName, exact: true }).click()
  await expect(page).toHaveURL(localized(lang, `/store/${GUIDE}`))
  await addToCart(page, lang, guideName)
  await page.goto(localized(lang, `/store/${SCALE}`))
  await addToCart(page, lang, scaleName)

  // The header's bag counts both and opens the drawer, which leads to the checkout.
  const bag = headerCart(page, lang, 2)
  await expect(bag).toContainText('2')
  await bag.click()
  const drawer = cartDrawer(page, lang)
  await expect(drawer.getByRole('list', { name: store(lang, 'cart.lines') }).getByRole('listitem')).toHaveCount(2)
  await drawer.getByRole('link', { name: store(lang, 'cart.checkout') }).click()
  await expect(page).toHaveURL(localized(lang, '/store/checkout'))
  await expect(drawer).toBeHidden()

  // E-mail, a Lisbon address and the second shipping method (the first is chosen for you).
  const form = page.getByRole('form', { name: checkout(lang, 'page.title') })
  await form.getByLabel(checkout(lang, 'contact.email'), { exact: true }).fill(email)
  await form.getByLabel(checkout(lang, 'address.country'), { exact: true }).selectOption('PT')
  await form.getByLabel(checkout(lang, 'address.name'), { exact: true }).fill('Joana Silva')
  await form.getByLabel(checkout(lang, 'address.line1'), { exact: true }).fill('Rua da Graça 12')
  await form.getByLabel(checkout(lang, 'address.city'), { exact: true }).fill('Lisboa')
  await form.getByLabel(checkout(lang, 'address.postalCode'), { exact: true }).fill('1100-053')
  const offered = await request.get(`/api/v1/store/shipping?country=PT&subtotal_cents=0&lang=${lang}`)
  const methodName = ((await offered.json()) as { methods: { name: string }[] }).methods[1]!.name
  const shipping = form.getByRole('radiogroup', { name: checkout(lang, 'shipping.heading') })
  await expect(shipping.getByRole('radio').first()).toBeChecked()
  const second = shipping.getByRole('radio', { name: startingWith(methodName) })
  await second.check()
  await expect(second).toBeChecked()
  await expect(shipping.getByRole('radio').first()).not.toBeChecked()
  const number = await placeOrder(page, lang)

  // The declined card: the localized message, and the reservation stays for another card.
  await payWith(page, lang, DECLINED_CARD)
  await expect(page.getByText(text(lang, 'errors', 'codes.card_declined'), { exact: true })).toBeVisible()
  await expect(page).toHaveURL(localized(lang, '/store/checkout'))
  await payWith(page, lang, GOOD_CARD)
  await expectOrderPage(page, lang, number, email, 'paid')
  const shipTo = page.getByRole('region', { name: checkout(lang, 'order.shipTo') })
  await expect(shipTo.getByText('1100-053 Lisboa', { exact: true })).toBeVisible()
  await expect(shipTo.getByText(methodName, { exact: true })).toBeVisible()
  await expectAccessible(page, 'the order page')

  // The guide's download, from the page.
  const downloads = page.getByRole('region', { name: checkout(lang, 'downloads.heading') })
  await expect(downloads.getByText(guideName, { exact: true })).toBeVisible()
  // "Baixar {name} ({language})": the language is the guide's own, named by the browser.
  const label = checkout(lang, 'downloads.downloadLabel', { name: guideName, language: '' }).replace(/\s*\(\)$/, '')
  const link = downloads.getByRole('link', { name: startingWith(label) })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const path = await download.path()
  expect(isPdf(readFileSync(path)), 'the downloaded file is a PDF').toBe(true)

  // The receipt, in Portuguese, with the number and the guide's link.
  const mail = await waitForMail(request, email, 'order_receipt')
  expect(mail.lang).toBe('pt')
  expect(mail.subject).toBe(receiptSubject(lang, number))
  expect(mail.text).toContain(number)
  const url = /https?:\/\/\S+\/api\/v1\/store\/downloads\/\S+/.exec(mail.text)?.[0]
  expect(url, 'a download link in the receipt').toBeTruthy()
  const file = await page.request.get(url!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toContain('application/pdf')
  expect(isPdf(await file.body()), 'the receipt link answers a PDF').toBe(true)

  // The receipt's private link opens the order in another browser; the key leaves the address.
  const orderLink = /https?:\/\/\S+\/pt\/store\/orders\/\S+\?token=\S+/.exec(mail.text)?.[0]
  expect(orderLink, 'the order link in the receipt').toBeTruthy()
  const elsewhere = await browser.newPage()
  await elsewhere.goto(orderLink!)
  await expect(elsewhere.getByRole('heading', { level: 2, name: checkout(lang, 'order.number', { number }) })).toBeVisible()
  await expect(elsewhere).toHaveURL(new URL(orderLink!).pathname)
  await elsewhere.close()
  noErrors()
})

test('a signed-in Spanish user buys a guide and finds the order in the account page', async ({ page, request }) => {
  test.setTimeout(60_000)
  const lang = 'es'
  const noErrors = watchConsole(page)
  const email = uniqueEmail('store.es')
  const password = 'Viaje-2026!'
  await createConfirmedAccount(request, email, password, { first_name: 'Lucía', last_name: 'Gómez' })
  await signInFromHome(page, lang, email, password)

  const guide = (await catalog(request, lang, { category: 'guides' })).items[0]!
  await page.goto(localized(lang, '/store'))
  await page.getByRole('region', { name: store(lang, 'catalog.label') }).getByRole('link', { name: guide.name, exact: true }).click()
  await expect(page).toHaveURL(localized(lang, `/store/${guide.slug}`))
  await addToCart(page, lang, guide.name, { close: false })
  await cartDrawer(page, lang).getByRole('link', { name: store(lang, 'cart.checkout') }).click()
  await expect(page).toHaveURL(localized(lang, '/store/checkout'))

  // The account's address, fixed; a guide needs no shipping address.
  const form = page.getByRole('form', { name: checkout(lang, 'page.title') })
  await expect(form.getByLabel(checkout(lang, 'contact.email'), { exact: true })).toHaveValue(email)
  await expect(form.getByLabel(checkout(lang, 'contact.email'), { exact: true })).not.toBeEditable()
  await expect(form.getByRole('heading', { name: checkout(lang, 'address.heading') })).toHaveCount(0)
  const number = await placeOrder(page, lang)
  await payWith(page, lang, GOOD_CARD)
  await expectOrderPage(page, lang, number, email, 'fulfilled')

  await page.getByRole('link', { name: checkout(lang, 'order.toAccount') }).click()
  await expect(page).toHaveURL(localized(lang, '/account'))
  const orders = page.getByRole('region', { name: checkout(lang, 'account.heading') })
  await expect(orders.getByRole('heading', { level: 3, name: checkout(lang, 'order.number', { number }) })).toBeVisible()
  await expect(orders.getByRole('link', { name: checkout(lang, 'account.openLabel', { number }) })).toBeVisible()
  await expect(orders.getByText(guide.name, { exact: true })).toBeVisible()
  noErrors()
})

test('the catalogue, a product, the open cart drawer and the checkout with items are accessible', async ({ page, request }) => {
  const noErrors = watchConsole(page)
  await page.goto('/store')
  await expect(page.getByRole('region', { name: store('en', 'catalog.label') }).getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expectAccessible(page, '/store')

  const name = await productName(request, 'es', SCALE)
  await page.goto(localized('es', `/store/${SCALE}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expectAccessible(page, `/es/store/${SCALE}`)

  const guide = await productName(request, 'pt', GUIDE)
  await page.goto(localized('pt', `/store/${GUIDE}`))
  await addToCart(page, 'pt', guide, { close: false })
  await expectAccessible(page, 'the open cart drawer')

  await page.goto(localized('pt', `/store/${SCALE}`))
  await addToCart(page, 'pt', await productName(request, 'pt', SCALE))
  await page.goto(localized('pt', '/store/checkout'))
  const form = page.getByRole('form', { name: checkout('pt', 'page.title') })
  await form.getByLabel(checkout('pt', 'address.country'), { exact: true }).selectOption('PT')
  await expect(form.getByRole('radiogroup', { name: checkout('pt', 'shipping.heading') }).getByRole('radio').first()).toBeChecked()
  await expectAccessible(page, '/pt/store/checkout with items')
  // Sent empty: the errors beside the fields are accessible too.
  await form.getByRole('button', { name: checkout('pt', 'place.button'), exact: true }).click()
  await expect(form.getByLabel(checkout('pt', 'contact.email'), { exact: true })).toBeFocused()
  await expectAccessible(page, '/pt/store/checkout with errors')
  noErrors()
})

// As layout.spec.ts measures it: the layout shifts no input caused, summed (CLS), under 0.02.
// The store's answers are held until the loading page has settled, as on a slow connection:
// its loading state painted and, if it leaves the footer in view, the footer arrived (it loads
// when it comes into view). Then what the answer changes is measured, without a race.
test('the catalogue and a product page do not move while they load', async ({ page, request }) => {
  await page.addInitScript(() => {
    ;(window as unknown as { cls: number }).cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const painted = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const pages: { path: string; loading: string; loaded: string }[] = [
    { path: '/store', loading: store('en', 'catalog.loading'), loaded: store('en', 'title') },
    { path: localized('pt', `/store/${GUIDE}`), loading: text('pt', 'common', 'loading'), loaded: await productName(request, 'pt', GUIDE) },
    { path: `/store/${SCALE}`, loading: text('en', 'common', 'loading'), loaded: await productName(request, 'en', SCALE) },
  ]
  for (const { path, loading, loaded } of pages) {
    const held: (() => void)[] = []
    let open = false
    await page.route(/\/api\/v1\/store\/products[/?]/, (route) => (open ? route.fallback() : void held.push(() => void route.fallback())))
    await page.goto(path, { waitUntil: 'commit' })
    const loader = page.getByRole('main').getByText(loading, { exact: true })
    await expect(loader).toBeAttached()
    const footerInView = await page.evaluate(
      () => (document.querySelector('main')?.nextElementSibling?.getBoundingClientRect().top ?? Infinity) < window.innerHeight,
    )
    if (footerInView) await expect(page.getByRole('contentinfo')).toBeVisible()
    await painted()
    open = true
    for (const answer of held) answer()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(loaded)
    await expect(loader).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    await painted()
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls)
    expect(cls, `CLS on ${path}`).toBeLessThan(0.02)
    await page.unrouteAll()
  }
})

for (const [path, lang] of [
  ['/store/no-such-product', 'en'],
  ['/pt/store/nenhum-produto', 'pt'],
] as const) {
  test(`an unknown product (${path}) is not found, with HTTP 404`, async ({ page }) => {
    const noErrors = watchConsoleExcept(page, [/404 \(Not Found\)/])
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pages', 'notFound.title'))
    await expect(page).toHaveTitle(text(lang, 'seo', 'pages.notFound.title'))
    noErrors()
  })
}
