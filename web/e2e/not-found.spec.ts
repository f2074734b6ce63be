import { expect, test } from '@playwright/test'
import { answerConsentUpFront, text, type Lang } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

const cases: [string, Lang][] = [['/nope', 'en'], ['/es/nada', 'es'], ['/pt/destinations/atlantis', 'pt'], ['/xx/blog', 'en']]

for (const [path, lang] of cases) {
  test(`${path} shows the not-found page in ${lang} with HTTP 404`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pages', 'notFound.title'))
    await expect(page).toHaveTitle(text(lang, 'seo', 'pages.notFound.title'))
    await expect(page.getByRole('main').getByRole('img')).toHaveAttribute('alt', text(lang, 'pages', 'notFound.imageAlt'))
    await expect(page.getByText(text(lang, 'pages', 'notFound.caption'))).toBeVisible()
  })
}

test('the not-found page leads home and to the blog', async ({ page }) => {
  await page.goto('/es/nada')
  await page.getByRole('main').getByRole('link', { name: text('es', 'pages', 'notFound.exploreBlog') }).click()
  await expect(page).toHaveURL('/es/blog')
  await page.goBack()
  await page.getByRole('main').getByRole('link', { name: text('es', 'pages', 'notFound.returnHome') }).click()
  await expect(page).toHaveURL('/es')
})
