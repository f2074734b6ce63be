import { expect, test } from '@playwright/test'
import { answerConsentUpFront, LANGS, localized, startReading, text, watchConsole } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

for (const lang of LANGS) {
  test(`header and footer lead to every page in ${lang}`, async ({ page }) => {
    const noErrors = watchConsole(page)
    await page.goto(localized(lang, '/'))
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    const header = page.getByRole('banner')
    const nav = (key: string) => text(lang, 'navigation', key)

    await header.getByRole('link', { name: nav('blog'), exact: true }).click()
    await expect(page).toHaveURL(localized(lang, '/blog'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'blog', 'list.title'))

    await header.getByRole('link', { name: nav('store'), exact: true }).click()
    await expect(page).toHaveURL(localized(lang, '/store'))

    await header.getByRole('button', { name: nav('destinations') }).click()
    await header.getByRole('link', { name: nav('regions.asia') }).click()
    await expect(page).toHaveURL(localized(lang, '/destinations/asia'))
    await expect(page).toHaveTitle(/Rumbo/)

    await header.getByRole('link', { name: nav('help'), exact: true }).click()
    await expect(page).toHaveURL(localized(lang, '/help'))

    const footer = page.getByRole('contentinfo')
    for (const [key, route] of [['about', '/about'], ['terms', '/terms'], ['privacy', '/privacy'], ['copyright', '/copyright']] as const) {
      await footer.getByRole('link', { name: nav(key), exact: true }).click()
      await expect(page).toHaveURL(localized(lang, route))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }

    await header.getByRole('link', { name: nav('logoLabel') }).click()
    await expect(page).toHaveURL(lang === 'en' ? '/' : `/${lang}`)
    noErrors()
  })
}

test('the home page offers its calls to action and the bad-experience banner', async ({ page }) => {
  await page.goto('/es')
  await startReading(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(main.locator('a[href="/es/destinations"]').first()).toBeVisible()
  await expect(main.locator('a[href="/es/help"]').first()).toBeVisible()
})
