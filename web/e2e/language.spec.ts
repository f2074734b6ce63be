import { expect, test } from '@playwright/test'
import { answerConsentUpFront, text } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('switching language rewrites the path, keeps the page and remembers the choice', async ({ page }) => {
  await page.goto('/destinations/asia?tab=all')
  await page.getByRole('button', { name: text('en', 'navigation', 'currentLanguage', { name: 'English' }) }).click()
  await page.getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL('/es/destinations/asia?tab=all')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page).toHaveTitle(/Asia/)
  expect(await page.evaluate(() => localStorage.getItem('rumbo:lang'))).toBe('es')

  await page.getByRole('button', { name: text('es', 'navigation', 'currentLanguage', { name: 'Español' }) }).click()
  await page.getByRole('link', { name: 'Português' }).click()
  await expect(page).toHaveURL('/pt/destinations/asia?tab=all')

  await page.getByRole('button', { name: text('pt', 'navigation', 'currentLanguage', { name: 'Português' }) }).click()
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL('/destinations/asia?tab=all')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('a stored choice takes an unprefixed entry to its language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rumbo:lang', 'pt'))
  await page.goto('/blog')
  await expect(page).toHaveURL('/pt/blog')
})

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-ES' })
  test('lands on the Spanish page', async ({ page }) => {
    await page.goto('/about')
    await expect(page).toHaveURL('/es/about')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
})

test('/en paths redirect permanently to the unprefixed page', async ({ page }) => {
  const response = await page.request.get('/en/blog?x=1', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers()['location']).toBe('/blog?x=1')
  await page.goto('/en/blog?x=1')
  await expect(page).toHaveURL('/blog?x=1')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test.describe('a visitor from Mexico', () => {
  test.use({ extraHTTPHeaders: { 'X-Test-Country': 'MX' } })

  test('is offered Spanish and can accept', async ({ page }) => {
    await page.goto('/help')
    const suggestion = page.getByRole('region', { name: text('es', 'common', 'languageSuggestion.title') })
    await expect(suggestion).toBeVisible()
    await suggestion.getByRole('button', { name: text('es', 'common', 'languageSuggestion.accept') }).click()
    await expect(page).toHaveURL('/es/help')
    await expect(suggestion).toBeHidden()
  })

  test('can dismiss the offer for good', async ({ page }) => {
    await page.goto('/')
    const suggestion = page.getByRole('region', { name: text('es', 'common', 'languageSuggestion.title') })
    await suggestion.getByRole('button', { name: text('es', 'common', 'languageSuggestion.dismiss') }).click()
    await expect(suggestion).toBeHidden()
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(suggestion).toBeHidden()
    await expect(page).toHaveURL('/')
  })

  test('is not offered the language already shown', async ({ page }) => {
    await page.goto('/es')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', { name: text('es', 'common', 'languageSuggestion.title') })).toHaveCount(0)
  })
})
