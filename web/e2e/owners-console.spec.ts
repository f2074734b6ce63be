import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectAccessible, watchConsoleExcept } from './auth-support'
import { uniqueEmail, waitForMail, type Mail } from './mailbox'
import { confirmedSubscriber, payForLuggageScales } from './owners-support'
import { bearer, signInWithCode, staff, teamMember } from './staff-support'
import { answerConsentUpFront } from './support'

/**
 * The preview frame is sandboxed without scripts on purpose: the test tools' own scripts (frame
 * locators, axe) are refused there, and Chromium says so in the console.
 */
const SANDBOXED_PREVIEW = /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/

// The owners' console (decision 018) against the release binary, in English: an admin ships a
// paid order and refunds one of its units; writes a Portuguese newsletter issue, tests it and
// sends it to the Portuguese subscribers only; the public archive lists it. axe on every page.
// The e2e server keeps what a failed attempt made, so every name and address is this attempt's.

const PASSWORD = 'Consola-2026!'
const en = (key: string, vars: Record<string, string> = {}) => staff('en', key, vars)
const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const nav = (page: Page) => page.getByRole('navigation', { name: en('nav.label') })
/** A fact of a description list (Facts): the value beside its term. */
const fact = (scope: Locator, term: string) => scope.getByText(term, { exact: true }).locator('xpath=following-sibling::dd')

/** A new admin (roles by the command line, two-step verification on), signed in on `page`. */
async function signedInAdmin(page: Page, request: APIRequestContext, baseURL: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('owner.admin')
  const member = await teamMember(request, baseURL, email, PASSWORD, ['Rosa', 'Lima'], ['admin'])
  await answerConsentUpFront(page)
  await signInWithCode(page, 'en', email, PASSWORD, member.app!)
  return { email, token: member.token }
}

/** Once a console page has its data (no loading output left), axe on it. */
async function expectLoadedAndAccessible(page: Page, heading: string, label: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('output[aria-busy="true"]')).toHaveCount(0)
  await expectAccessible(page, label)
}

/** The outbox's mails of `kind` to `to` now (for a mail that must not come: no waiting). */
async function mailsOf(request: APIRequestContext, to: string, kind: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`)
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to && mail.kind === kind)
}

test('an admin finds a paid order, marks it shipped, and refunds one unit of it', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000)
  const buyer = uniqueEmail('owners.buyer')
  const order = await payForLuggageScales(request, buyer, 2)
  await signedInAdmin(page, request, baseURL!)
  const noErrors = watchConsoleExcept(page, [])

  await page.goto('/staff/dashboard')
  await expectLoadedAndAccessible(page, en('dashboard.title'), 'dashboard')
  await nav(page).getByRole('link', { name: en('nav.orders'), exact: true }).click()
  await expectLoadedAndAccessible(page, en('orders.title'), 'orders')
  await page.getByLabel(en('orders.search')).fill(order.number)
  await page.getByRole('button', { name: en('orders.apply') }).click()
  await expect(page.getByText(en('orders.found_one', { count: '1' }))).toBeVisible()
  await page.getByRole('link', { name: order.number, exact: true }).click()
  await expectLoadedAndAccessible(page, en('order.title', { number: order.number }), 'an order')
  const facts = region(page, en('order.facts'))
  await expect(fact(facts, en('order.status'))).toHaveText(en('orderStatus.paid'))

  // Shipped: the panel gives way to the carrier and tracking number, and the buyer is e-mailed them.
  const tracking = `RR${Date.now().toString().slice(-9)}PT`
  const ship = region(page, en('ship.title'))
  await ship.getByLabel(en('ship.carrier')).fill('CTT')
  await ship.getByLabel(en('ship.tracking')).fill(tracking)
  await ship.getByRole('button', { name: en('ship.submit') }).click()
  const shipping = region(page, en('order.address'))
  await expect(fact(shipping, en('order.tracking'))).toHaveText(tracking)
  await expect(fact(shipping, en('order.carrier'))).toHaveText('CTT')
  await expect(fact(facts, en('order.status'))).toHaveText(en('orderStatus.fulfilled'))
  // The form gives way to its confirmation, focused where the form was.
  await expect(ship.getByRole('status')).toHaveText(en('ship.done'))
  await expect(ship.getByRole('status')).toBeFocused()
  expect((await waitForMail(request, buyer, 'order_shipped')).text).toContain(tracking)

  // One of the two units back, with its reason, asked once more before the money leaves.
  const refund = region(page, en('refund.title'))
  await refund.getByRole('radio', { name: en('refund.modes.lines') }).check()
  const lineLabel = en('refund.lineUnits_other', { name: `${order.line.name} (${order.line.variantName})`, count: '2' })
  await refund.getByLabel(lineLabel).fill('1')
  const reason = `Arrived broken (${tracking})`
  await refund.getByLabel(en('refund.reason')).fill(reason)
  await refund.getByRole('button', { name: en('refund.submit'), exact: true }).click()
  await expect(refund.getByText(en('refund.question', { number: order.number }))).toBeFocused()
  await refund.getByRole('button', { name: en('refund.confirm') }).click()
  await expect(refund.getByText(en('refund.done'))).toBeVisible()
  const refunds = page.getByRole('table', { name: en('order.refunds') })
  const row = refunds.getByRole('row').filter({ hasText: reason })
  await expect(row).toContainText(dollars(order.line.unitCents))
  await expect(row).toContainText(`1 × ${order.line.name}`)
  await expect(row).toContainText(en('refundStatus.succeeded'))
  await expect(fact(region(page, en('order.lines')), en('order.refundedTotal'))).toHaveText(dollars(order.line.unitCents))
  await expect(fact(facts, en('order.status'))).toHaveText(en('orderStatus.partially_refunded'))
  await expectAccessible(page, 'an order, shipped and partly refunded')
  noErrors()
})

test('an admin writes a Portuguese issue, tests it, sends it to the Portuguese subscribers, and the archive lists it', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000)
  const readers = [uniqueEmail('leitora.pt'), uniqueEmail('leitor.pt')]
  const spanishReader = uniqueEmail('lectora.es')
  for (const email of readers) await confirmedSubscriber(request, email, 'pt')
  await confirmedSubscriber(request, spanishReader, 'es')
  const admin = await signedInAdmin(page, request, baseURL!)
  const noErrors = watchConsoleExcept(page, [SANDBOXED_PREVIEW])
  const run = Math.random().toString(36).slice(2, 8)
  const subject = `Praias do Sul ${run}`

  await page.goto('/staff/dashboard')
  await nav(page).getByRole('link', { name: en('nav.newsletter'), exact: true }).click()
  await expectLoadedAndAccessible(page, en('issues.title'), 'newsletter issues')
  await page.getByRole('link', { name: en('issues.new') }).click()
  await expect(page.getByRole('heading', { level: 1, name: en('issue.newTitle') })).toBeVisible()

  // Written in Portuguese, public; the preview follows the text.
  const fields = page.getByRole('group', { name: en('issue.fields') })
  await fields.getByLabel(en('issue.language')).selectOption('pt')
  await fields.getByLabel(en('issue.subject')).fill(subject)
  await fields.getByLabel(en('issue.preheader')).fill('Florianópolis e além')
  await fields.getByLabel(en('issue.body')).fill(`Olá!\n\nAs **praias de Santa Catarina** ${run} esperam por você.`)
  await fields.getByLabel(en('issue.public')).check()
  const preview = region(page, en('issue.preview'))
  await expect(preview.locator('output')).toHaveText(en('issue.previewSubject', { subject }))
  // The frame is found by its title (its accessible name): axe cannot run inside it, sandboxed
  // without scripts as it is, and what it shows is the server's e-mail, not the console.
  const previewFrame = `iframe[title="${en('issue.previewFrame')}"]`
  await expect(page.frameLocator(previewFrame).getByText('praias de Santa Catarina')).toBeVisible()
  await expectAccessible(page, 'compose an issue, with its preview', [previewFrame])

  // Saved, the issue has its own address and its actions: first a test to the admin.
  await page.getByRole('button', { name: en('issue.save') }).click()
  await expect(page.getByRole('heading', { level: 1, name: en('issue.title', { subject }) })).toBeVisible()
  const issueId = new URL(page.url()).pathname.split('/').at(-1)!
  expect(issueId).not.toBe('new')
  const actions = region(page, en('issue.actions'))
  await actions.getByRole('button', { name: en('issue.test') }).click()
  await expect(actions.getByText(en('issue.tested', { to: admin.email }))).toBeVisible()
  expect((await waitForMail(request, admin.email, 'newsletter_issue')).subject).toBe(`[TEST] ${subject}`)

  // Sent now: the Portuguese subscribers get it (queued by the sender's ticks), the Spanish one does not.
  await actions.getByRole('button', { name: en('issue.sendNow') }).click()
  await expect(actions.getByText(en('issue.sendQuestion', { language: 'Português' }))).toBeFocused()
  await actions.getByRole('button', { name: en('issue.sendConfirm') }).click()
  await expect(actions.getByText(en('issue.sending'))).toBeVisible()
  for (const email of readers) expect((await waitForMail(request, email, 'newsletter_issue')).subject).toBe(subject)
  const issueStatus = async () => {
    const answer = await request.get(`/api/v1/staff/newsletter/issues/${issueId}`, { headers: bearer(admin.token) })
    return ((await answer.json()) as { status: string }).status
  }
  await expect.poll(issueStatus, { message: 'queued for every Portuguese subscriber', timeout: 15_000 }).toBe('sent')
  expect(await mailsOf(request, spanishReader, 'newsletter_issue'), 'no Portuguese issue for a Spanish subscriber').toEqual([])
  noErrors()

  // The public archive in Portuguese lists it.
  await page.goto('/pt/newsletter')
  await expect(page.getByRole('link', { name: subject })).toBeVisible()
  await expectAccessible(page, '/pt/newsletter')
})

test('the dashboard, stock, discounts, users and a user page are accessible to an admin', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000)
  const admin = await signedInAdmin(page, request, baseURL!)
  const noErrors = watchConsoleExcept(page, [])
  for (const [path, heading] of [
    ['/staff/dashboard', en('dashboard.title')],
    ['/staff/stock', en('stock.title')],
    ['/staff/discounts', en('discounts.title')],
    ['/staff/users', en('users.title')],
  ] as const) {
    await page.goto(path)
    await expectLoadedAndAccessible(page, heading, path)
  }
  await page.getByLabel(en('users.search')).fill(admin.email)
  await page.getByRole('button', { name: en('users.submit') }).click()
  await expect(page.getByRole('table', { name: en('users.caption', { q: admin.email }) })).toBeVisible()
  await expectAccessible(page, 'users found')
  await page.getByRole('link', { name: admin.email }).click()
  await expectLoadedAndAccessible(page, admin.email, 'a user')
  await expect(region(page, en('user.roles')).getByRole('checkbox', { name: en('roles.admin') })).toBeChecked()
  noErrors()
})
