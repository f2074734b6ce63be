import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { newestPost } from './content-support'
import { answerConsentUpFront, FIXED_ROUTES, LANGS, localized, REGIONS, startReading, watchConsole } from './support'

// Every page in every language, plus the not-found page, checked by axe-core (WCAG 2.x A/AA).
// Content pages too: a post, a filtered destinations tab and a theme.
const ROUTES = [
  ...FIXED_ROUTES,
  ...REGIONS.map((r) => `/destinations/${r}`),
  '/destinations/islands',
  '/destinations?type=beaches',
  '/no-such-page',
]

for (const lang of LANGS) {
  test(`no serious or critical accessibility violations in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await answerConsentUpFront(page)
    const noErrors = watchConsole(page)
    const post = await newestPost(request, lang)
    for (const route of [...ROUTES.map((r) => localized(lang, r)), post.path]) {
      await page.goto(route)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await startReading(page)
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), route).toEqual([])
    }
    noErrors()
  })
}

test('the cookie banner, open menus and the language suggestion are accessible too', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Test-Country': 'BR' }, viewport: { width: 375, height: 740 } })
  const page = await context.newPage()
  await page.goto('/')
  await page.getByRole('region').filter({ hasText: /Cookies/i }).first().waitFor({ timeout: 3000 })
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await context.close()
})
