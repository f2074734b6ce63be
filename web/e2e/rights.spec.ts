import { expect, test, type Locator, type Page, type Request } from '@playwright/test'
import { expectAccessible } from './auth-support'
import { answerConsentUpFront, localized, text, watchConsole, type Lang } from './support'

// The passenger-rights checker (/help/rights, issue 16) against the release binary: the airport
// fields search GET /api/v1/airports, everything else happens in the browser.

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

const r = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'rights', key, vars)
const rr = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'rightsResult', key, vars)
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** YYYY-MM-DD some days before today, in the browser's calendar (the checker compares with its own today). */
const pad = (n: number) => String(n).padStart(2, '0')
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The step's heading: it has the focus once the step shows (not on arrival). */
async function expectStep(page: Page, lang: Lang, step: 'incident' | 'flight' | 'details' | 'residence', number: number) {
  const heading = page.getByRole('heading', { level: 2, name: r(lang, `steps.${step}`) })
  await expect(heading).toBeVisible()
  await expect(page.getByText(r(lang, 'steps.progress', { current: String(number), total: '4' }))).toBeVisible()
  await expect(page.getByRole('list', { name: r(lang, 'steps.label') }).locator('[aria-current="step"]')).toContainText(r(lang, `steps.${step}`))
  if (number > 1) await expect(heading).toBeFocused()
}

/** Types into an airport (or airline) field like a person, then picks the option whose text matches. */
async function pick(page: Page, field: Locator, query: string, option: RegExp) {
  await field.fill('')
  await field.pressSequentially(query, { delay: 30 })
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('listbox').getByRole('option', { name: option }).click()
  await expect(field).toHaveAttribute('aria-expanded', 'false')
}

const next = (page: Page, lang: Lang) => page.getByRole('button', { name: r(lang, 'nav.next'), exact: true }).click()

const url = (call: Request) => new URL(call.url())

/** The API calls the page makes (not its assets or words). */
function recordApiCalls(page: Page): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request)
  })
  return calls
}

test('es: a Spanish traveller, delayed 4 h Madrid → Bogotá on Iberia for a technical fault, is owed €600 and gets a letter in Spanish', async ({
  page,
}) => {
  const lang: Lang = 'es'
  const noErrors = watchConsole(page)
  const calls = recordApiCalls(page)
  await page.goto(localized(lang, '/help/rights'))
  await expect(page.getByRole('heading', { level: 1, name: r(lang, 'page.title') })).toBeVisible()
  await expect(page.getByText(r(lang, 'page.intro'))).toBeVisible()
  await expectStep(page, lang, 'incident', 1)
  await expectAccessible(page, 'step 1')

  // Step 1: nothing chosen yet → the message, tied to the group; then "delay".
  await next(page, lang)
  const incidents = page.getByRole('group', { name: r(lang, 'incident.legend') })
  await expect(incidents).toHaveAttribute('aria-invalid', 'true')
  await expect(incidents).toHaveAccessibleDescription(r(lang, 'errors.incidentRequired'))
  await incidents.getByRole('radio', { name: r(lang, 'incident.options.delay') }).check({ force: true })
  await next(page, lang)

  // Step 2: the flight.
  await expectStep(page, lang, 'flight', 2)
  await expectAccessible(page, 'step 2')
  const from = page.getByRole('combobox', { name: r(lang, 'flight.from') })
  await next(page, lang)
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  await expect(from).toHaveAccessibleDescription(r(lang, 'errors.airportRequired'))
  await expect(from).toBeFocused()
  await pick(page, from, 'madrid', /\(MAD\)/)
  await expect(from).toHaveValue('Madrid (MAD)')
  await expect(from).not.toHaveAttribute('aria-invalid', 'true')
  await pick(page, page.getByRole('combobox', { name: r(lang, 'flight.to') }), 'bogota', /\(BOG\)/)
  await pick(page, page.getByRole('combobox', { name: r(lang, 'flight.airline') }), 'iberia', /^Iberia \(IB\)/)
  await page.getByLabel(r(lang, 'flight.date')).fill(daysAgo(20))
  await next(page, lang)

  // Step 3: a delay's questions.
  await expectStep(page, lang, 'details', 3)
  await expect(page.getByLabel(r(lang, 'details.noticeDays'))).toHaveCount(0)
  await next(page, lang)
  const hours = page.getByLabel(r(lang, 'details.hours'), { exact: true })
  await expect(hours).toHaveAttribute('aria-invalid', 'true')
  await expect(hours).toHaveAccessibleDescription(r(lang, 'errors.hoursRequired'))
  await expectAccessible(page, 'step 3 with its messages')
  await hours.fill('4')
  await page.getByLabel(r(lang, 'details.reason')).selectOption('technical')
  await next(page, lang)

  // Step 4, then the result.
  await expectStep(page, lang, 'residence', 4)
  await page.getByLabel(r(lang, 'residence.label')).selectOption('ES')
  await expectAccessible(page, 'step 4')
  await page.getByRole('button', { name: r(lang, 'nav.finish') }).click()

  const result = page.getByRole('heading', { level: 2, name: rr(lang, 'heading') })
  await expect(result).toBeFocused()
  const owed = page.getByRole('region', { name: rr(lang, 'owed.heading') })
  await expect(owed).toContainText(/600\s?€/)
  const letters = page.getByRole('region', { name: rr(lang, 'letter.heading') })
  const spanish = letters.getByRole('article', { name: rr(lang, 'letter.title', { language: rr(lang, 'letter.languages.es') }) })
  await expect(spanish).toBeVisible()
  await expect(spanish).toHaveAttribute('lang', 'es')
  await expect(spanish).toContainText('Reclamación de derechos del pasajero')
  await expectAccessible(page, 'result')

  // Going back keeps the answers.
  await page.getByRole('button', { name: r(lang, 'nav.edit') }).click()
  await expectStep(page, lang, 'residence', 4)
  await expect(page.getByLabel(r(lang, 'residence.label'))).toHaveValue('ES')
  await page.getByRole('button', { name: r(lang, 'nav.back') }).click()
  await page.getByRole('button', { name: r(lang, 'nav.back') }).click()
  await expectStep(page, lang, 'flight', 2)
  await expect(from).toHaveValue('Madrid (MAD)')

  // Nothing typed left the browser: the airport searches carry the typed airport text; any other
  // read the page makes (the layout's) carries nothing; the one thing sent is the count of the
  // check, with its outcome only.
  expect(calls.filter((call) => url(call).pathname === '/api/v1/airports').length).toBeGreaterThan(0)
  const reads = calls.filter((call) => call.method() === 'GET' && url(call).pathname !== '/api/v1/airports')
  expect(reads.map((call) => url(call).search)).toEqual(reads.map(() => ''))
  const sent = calls.filter((call) => call.method() !== 'GET')
  expect(sent.map((call) => `${call.method()} ${url(call).pathname}`)).toEqual(['POST /api/v1/events'])
  expect(sent[0]?.postDataJSON()).toEqual({ name: 'rights_check', language: 'es', source: 'eu261-compensation' })
  noErrors()
})

test('pt: a Brazilian traveller, cancelled São Paulo → Salvador on GOL after 5 h at the airport, is owed ANAC assistance', async ({ page }) => {
  const lang: Lang = 'pt'
  const noErrors = watchConsole(page)
  await page.goto(localized(lang, '/help/rights'))
  await expectStep(page, lang, 'incident', 1)
  await page.getByRole('radio', { name: r(lang, 'incident.options.cancellation') }).check({ force: true })
  await next(page, lang)

  await expectStep(page, lang, 'flight', 2)
  await pick(page, page.getByRole('combobox', { name: r(lang, 'flight.from') }), 'guarulhos', /\(GRU\)/)
  await pick(page, page.getByRole('combobox', { name: r(lang, 'flight.to') }), 'salvador', /\(SSA\)/)
  await pick(page, page.getByRole('combobox', { name: r(lang, 'flight.airline') }), 'gol', /^GOL \(G3\)/)
  await page.getByLabel(r(lang, 'flight.date')).fill(daysAgo(3))
  await next(page, lang)

  await expectStep(page, lang, 'details', 3)
  await page.getByLabel(r(lang, 'details.noticeDays')).fill('0')
  const reroute = page.getByRole('group', { name: r(lang, 'details.rerouteOffered') })
  await reroute.getByRole('radio', { name: r(lang, 'details.yes') }).check({ force: true })
  await expect(page.getByLabel(r(lang, 'details.rerouteLaterHours'))).toBeVisible()
  await reroute.getByRole('radio', { name: r(lang, 'details.no') }).check({ force: true })
  await expect(page.getByLabel(r(lang, 'details.rerouteLaterHours'))).toHaveCount(0)
  await page.getByLabel(r(lang, 'details.reason')).selectOption('none_given')
  await page.getByLabel(new RegExp(`^${escape(r(lang, 'details.waitHours'))}`)).fill('5')
  await next(page, lang)

  await expectStep(page, lang, 'residence', 4)
  await page.getByLabel(r(lang, 'residence.label')).selectOption('BR')
  await page.getByRole('button', { name: r(lang, 'nav.finish') }).click()

  await expect(page.getByRole('heading', { level: 2, name: rr(lang, 'heading') })).toBeFocused()
  const owed = page.getByRole('region', { name: rr(lang, 'owed.heading') })
  await expect(owed).toContainText('Assistência material')
  await expect(owed).toContainText('ANAC')
  await expectAccessible(page, 'result in Portuguese')
  noErrors()
})

test('the home flight search: an accessible airport combobox, by keyboard', async ({ page }) => {
  const noErrors = watchConsole(page)
  await page.goto('/')
  const panel = page.getByRole('tabpanel')
  const from = panel.getByRole('combobox', { name: text('en', 'search', 'fields.from') })
  await expect(from).toHaveAttribute('aria-autocomplete', 'list')
  await expect(from).toHaveAttribute('aria-expanded', 'false')
  const listId = await from.getAttribute('aria-controls')
  expect(listId).toBeTruthy()

  await from.click()
  await page.keyboard.type('madrid', { delay: 30 })
  await expect(from).toHaveAttribute('aria-expanded', 'true')
  const list = page.locator(`[id="${listId}"]`)
  await expect(list).toHaveAttribute('role', 'listbox')
  await expect(list.getByRole('option', { name: /\(MAD\)/ })).toBeVisible()
  // The polite live region says how many were found.
  await expect(panel.getByRole('status').first()).toHaveText(/\d+ airports? found/)

  // ArrowDown highlights the first option (aria-activedescendant, focus stays in the field), then moves to MAD.
  await page.keyboard.press('ArrowDown')
  const first = await from.getAttribute('aria-activedescendant')
  expect(first).toBeTruthy()
  await expect(page.locator(`[id="${first}"]`)).toHaveAttribute('aria-selected', 'true')
  await expect(from).toBeFocused()
  const names = await list.getByRole('option').allTextContents()
  const mad = names.findIndex((name) => name.includes('(MAD)'))
  for (let step = 0; step < mad; step++) await page.keyboard.press('ArrowDown')
  await expect(page.locator(`[id="${await from.getAttribute('aria-activedescendant')}"]`)).toContainText('(MAD)')
  await page.keyboard.press('Enter')
  await expect(from).toHaveValue(/\(MAD\)/)
  await expect(from).toHaveAttribute('aria-expanded', 'false')
  await expect(from).not.toHaveAttribute('aria-activedescendant')
  await expect(from).toBeFocused()

  // Escape closes the list and keeps the text; a second Escape clears the field.
  const to = panel.getByRole('combobox', { name: text('en', 'search', 'fields.to') })
  await page.keyboard.press('Tab')
  await expect(to).toBeFocused()
  await page.keyboard.type('lon', { delay: 30 })
  await expect(to).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(to).toHaveAttribute('aria-expanded', 'false')
  await expect(to).toHaveValue('lon')
  await page.keyboard.press('Escape')
  await expect(to).toHaveValue('')
  // No results: said, not shown as an empty list.
  await page.keyboard.type('zzzzqx', { delay: 30 })
  await expect(panel.getByRole('status').nth(1)).toHaveText(text('en', 'common', 'airportSearch.none'))
  await expect(to).toHaveAttribute('aria-expanded', 'false')
  await expectAccessible(page, 'home with the flight search used')
  noErrors()
})
