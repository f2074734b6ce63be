import { expect, test } from '@playwright/test'
import { answerConsentUpFront, text } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: text('en', 'common', 'skipToContent') })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content')
})

test('the back-to-top button appears after 300px of scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/privacy')
  const button = page.getByRole('button', { name: text('en', 'common', 'scrollToTop') })
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 250))
  await page.waitForTimeout(200)
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 800))
  await expect(button).toBeVisible()
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toHaveCount(0)
})

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu button opens a localized menu that closes on navigation and Escape', async ({ page }) => {
    await page.goto('/pt')
    const header = page.getByRole('banner')
    await expect(header.getByRole('navigation', { name: text('pt', 'navigation', 'mainNav') })).toBeHidden()
    const open = header.getByRole('button', { name: text('pt', 'navigation', 'openMenu') })
    await open.click()
    await expect(header.getByRole('button', { name: text('pt', 'navigation', 'closeMenu') })).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(open).toHaveAttribute('aria-expanded', 'false')
    await expect(open).toBeFocused()
    await open.click()
    await header.getByRole('link', { name: text('pt', 'navigation', 'blog'), exact: true }).click()
    await expect(page).toHaveURL('/pt/blog')
    await expect(open).toHaveAttribute('aria-expanded', 'false')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375)
  })
})

test('the page does not move while it loads', async ({ page }) => {
  await page.addInitScript(() => {
    ;(window as unknown as { cls: number }).cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  for (const path of ['/', '/es/help', '/pt/destinations/asia', '/nope']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(300)
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls)
    expect(cls, `CLS on ${path}`).toBeLessThan(0.02)
  }
})
