import { expect, test, type Page } from '@playwright/test'
import { text } from './support'

const banner = (page: Page) => page.getByRole('region', { name: text('en', 'common', 'cookies.title') })

test('the cookie banner waits a second, then remembers the answer', async ({ page }) => {
  await page.goto('/')
  const loaded = Date.now()
  await expect(banner(page)).toBeVisible({ timeout: 3000 })
  expect(Date.now() - loaded).toBeGreaterThanOrEqual(900)
  await banner(page).getByRole('button', { name: text('en', 'common', 'cookies.decline') }).click()
  await expect(banner(page)).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('rumbo:consent'))).toBe('declined')
  await page.reload()
  await page.waitForTimeout(1500)
  await expect(banner(page)).toHaveCount(0)
})

test('accepting is as easy as declining and is remembered too', async ({ page }) => {
  await page.goto('/pt/blog')
  const ptBanner = page.getByRole('region', { name: text('pt', 'common', 'cookies.title') })
  const accept = ptBanner.getByRole('button', { name: text('pt', 'common', 'cookies.accept') })
  const decline = ptBanner.getByRole('button', { name: text('pt', 'common', 'cookies.decline') })
  await expect(accept).toBeVisible({ timeout: 3000 })
  const [a, d] = [await accept.boundingBox(), await decline.boundingBox()]
  expect(a?.width).toBeCloseTo(d?.width ?? 0, 0)
  expect(a?.height).toBeCloseTo(d?.height ?? 0, 0)
  await accept.click()
  expect(await page.evaluate(() => localStorage.getItem('rumbo:consent'))).toBe('accepted')
  await page.goto('/pt/store')
  await page.waitForTimeout(1500)
  await expect(ptBanner).toHaveCount(0)
})
