import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { answerConsentUpFront, LANGS, localized, startReading, text, watchConsole, type Lang } from './support'

// The published opinions (issue 14, docs/decisions/014-consultants-deliver.md): /help/opinions
// with its ?category= filter, and one opinion at /help/opinions/{slug}. A fresh database has no
// published opinion, so the list is checked as it is (empty or not) against the API's own answer.

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

const CATEGORIES = ['airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'] as const

interface OpinionItem {
  slug: string
  title: string
}

const o = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'opinions', key, vars)

async function expectAxeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([])
}

const filterLink = (page: Page, lang: Lang, name: string) =>
  page.getByRole('navigation', { name: o(lang, 'filter.label') }).getByRole('link', { name, exact: true })

for (const lang of LANGS) {
  test(`the opinions list renders in ${lang}, filters through the address and is accessible`, async ({ page, request }) => {
    const noErrors = watchConsole(page)
    const all = (await (await request.get(`/api/v1/opinions?lang=${lang}`)).json()) as { items: OpinionItem[] }

    const response = await page.goto(localized(lang, '/help/opinions'))
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(o(lang, 'list.title'))
    await expect(page).toHaveTitle(text(lang, 'seo', 'pages.opinions.title'))

    // Every filter is a link to a crawlable address; "All" is the current one.
    const filters = page.getByRole('navigation', { name: o(lang, 'filter.label') }).getByRole('link')
    await expect(filters).toHaveCount(1 + CATEGORIES.length)
    await expect(filterLink(page, lang, o(lang, 'filter.all'))).toHaveAttribute('aria-current', 'page')
    for (const category of CATEGORIES) {
      await expect(filterLink(page, lang, o(lang, `categories.${category}`))).toHaveAttribute('href', localized(lang, `/help/opinions?category=${category}`))
    }
    await expect(page.getByText(o(lang, 'list.count', { count: String(all.items.length) }))).toBeVisible()
    if (all.items.length === 0) await expect(page.getByText(o(lang, 'list.emptyAll'))).toBeVisible()
    else await expect(page.getByRole('list', { name: o(lang, 'list.label') }).getByRole('listitem')).toHaveCount(all.items.length)
    await expect(page.getByRole('main').getByRole('link', { name: o(lang, 'cta.button') })).toHaveAttribute('href', localized(lang, '/help'))

    await page.getByRole('heading', { level: 1 }).waitFor()
    await startReading(page)
    await expectAxeClean(page, `${lang} list`)

    // A category: its own address, marked current, and the API's answer for it; it survives a reload.
    const hotels = (await (await request.get(`/api/v1/opinions?lang=${lang}&category=hotel`)).json()) as { items: OpinionItem[] }
    await filterLink(page, lang, o(lang, 'categories.hotel')).click()
    await expect(page).toHaveURL(localized(lang, '/help/opinions?category=hotel'))
    await expect(filterLink(page, lang, o(lang, 'categories.hotel'))).toHaveAttribute('aria-current', 'page')
    await expect(filterLink(page, lang, o(lang, 'filter.all'))).not.toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(o(lang, 'list.count', { count: String(hotels.items.length) }))).toBeVisible()
    await page.reload()
    await expect(filterLink(page, lang, o(lang, 'categories.hotel'))).toHaveAttribute('aria-current', 'page')
    await expectAxeClean(page, `${lang} list, hotels`)
    noErrors()
  })
}

test('the Help page leads to the opinions, and an unknown opinion is not found', async ({ page }) => {
  await page.goto('/es/help')
  await page.getByRole('main').getByRole('link', { name: text('es', 'help', 'page.opinionsLink') }).click()
  await expect(page).toHaveURL('/es/help/opinions')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o('es', 'list.title'))

  const response = await page.goto('/pt/help/opinions/no-such-opinion')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('pt', 'pages', 'notFound.title'))
})

test('a published opinion reads in each language it has, and is accessible', async ({ page, request }) => {
  const { items } = (await (await request.get('/api/v1/opinions?lang=en')).json()) as { items: OpinionItem[] }
  test.skip(items.length === 0, 'no opinion is published in this database')
  const noErrors = watchConsole(page)
  const slug = items[0]!.slug
  const detail = (await (await request.get(`/api/v1/opinions/${slug}?lang=en`)).json()) as { languages: Lang[] }
  for (const lang of detail.languages) {
    const opinion = (await (await request.get(`/api/v1/opinions/${slug}?lang=${lang}`)).json()) as { title: string }
    const response = await page.goto(localized(lang, `/help/opinions/${slug}`))
    expect(response?.status()).toBe(200)
    const article = page.getByRole('article').first()
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(opinion.title)
    await expect(page).toHaveTitle(o(lang, 'opinion.documentTitle', { title: opinion.title }))
    await expect(article.getByRole('link', { name: o(lang, 'cta.button') })).toHaveAttribute('href', localized(lang, '/help'))
    for (const other of detail.languages.filter((candidate) => candidate !== lang)) {
      await expect(article.locator(`a[hreflang="${other}"]`)).toHaveAttribute('href', localized(other, `/help/opinions/${slug}`))
    }
    await startReading(page)
    await expectAxeClean(page, `${lang} opinion`)
  }
  noErrors()
})
