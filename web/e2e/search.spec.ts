import { expect, test, type Locator, type Page } from '@playwright/test'
import { answerConsentUpFront, LANGS, localized, text, type Lang } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

const LATER = '2099-06-10'
const LATEST = '2099-06-20'
const PAST = '2000-01-01'

/** A field of the visible tab, by the start of its label ("Return date (optional)"). */
function field(page: Page, lang: Lang, key: string): Locator {
  const label = text(lang, 'search', `fields.${key}`)
  return page.getByRole('tabpanel').getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
}

/** The field is invalid and its described-by message is exactly `key`'s text. */
async function expectMessage(page: Page, lang: Lang, name: string, key: string) {
  const input = field(page, lang, name)
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(text(lang, 'search', `errors.${key}`))
}

for (const lang of LANGS) {
  test(`every search message shows, tied to its field, in ${lang}`, async ({ page }) => {
    await page.goto(localized(lang, '/'))
    const submit = (kind: string) => page.getByRole('button', { name: text(lang, 'search', `submit.${kind}`) }).click()

    await submit('flights')
    await expectMessage(page, lang, 'from', 'fromRequired')
    await expectMessage(page, lang, 'to', 'toRequired')
    await expectMessage(page, lang, 'depart', 'departRequired')
    await expect(field(page, lang, 'from')).toBeFocused()
    await field(page, lang, 'from').fill('Lima')
    await field(page, lang, 'to').fill('lima')
    await field(page, lang, 'depart').fill(PAST)
    await expectMessage(page, lang, 'to', 'samePlace')
    await expectMessage(page, lang, 'depart', 'dateInPast')
    await field(page, lang, 'to').fill('Cusco')
    await field(page, lang, 'depart').fill(LATEST)
    await field(page, lang, 'return').fill(LATER)
    await expectMessage(page, lang, 'return', 'returnBeforeDepart')

    await page.getByRole('tab', { name: text(lang, 'search', 'tabs.hotels') }).click()
    await submit('hotels')
    await expectMessage(page, lang, 'destination', 'destinationRequired')
    await expectMessage(page, lang, 'checkin', 'checkinRequired')
    await expectMessage(page, lang, 'checkout', 'checkoutRequired')
    await field(page, lang, 'checkin').fill(LATER)
    await field(page, lang, 'checkout').fill(LATER)
    await expectMessage(page, lang, 'checkout', 'checkoutNotAfterCheckin')
  })
}

/** Whether the server publishes a partner template for `kind` in the page's config block. */
async function partnerConfigured(page: Page, kind: string): Promise<boolean> {
  return page.evaluate((k) => {
    const config = JSON.parse(document.getElementById('rumbo-config')?.textContent ?? '{}') as { partners?: Record<string, string> }
    return typeof config.partners?.[k] === 'string'
  }, kind)
}

test('a valid search without a configured partner shows the partner alert', async ({ page }) => {
  await page.goto('/es')
  test.skip(await partnerConfigured(page, 'trains'), 'this server has a trains partner')
  await page.getByRole('tab', { name: text('es', 'search', 'tabs.trains') }).click()
  await page.getByRole('radio', { name: text('es', 'search', 'modes.bus') }).check({ force: true })
  await page.getByRole('button', { name: text('es', 'search', 'submit.trains') }).click()
  await expect(page.getByRole('alert')).toContainText(text('es', 'search', 'partner.unavailableTitle'))
})

test("a valid flight search opens the configured partner's search in a new tab", async ({ page, context }) => {
  await page.goto('/pt')
  test.skip(!(await partnerConfigured(page, 'flights')), 'the server does not publish PARTNER_FLIGHTS_URL in its config block yet')
  await context.route('https://partner.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }))
  // The airport fields send the picked airports' IATA codes.
  for (const [name, query, code] of [
    ['from', 'guarulhos', 'GRU'],
    ['to', 'lisboa', 'LIS'],
  ] as const) {
    await field(page, 'pt', name).pressSequentially(query, { delay: 30 })
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).click()
    await expect(field(page, 'pt', name)).toHaveValue(new RegExp(`\\(${code}\\)`))
  }
  await field(page, 'pt', 'depart').fill(LATER)
  await page.getByRole('combobox', { name: text('pt', 'search', 'fields.passengers') }).selectOption('2')
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: text('pt', 'search', 'submit.flights') }).click(),
  ])
  expect(popup.url()).toBe(`https://partner.example/flights?from=GRU&to=LIS&depart=${LATER}&return=&passengers=2`)
  await expect(page.getByRole('link', { name: text('pt', 'search', 'partner.openAgain') })).toHaveAttribute('href', popup.url())
})
