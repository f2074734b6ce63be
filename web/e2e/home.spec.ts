import { expect, test, type Page } from '@playwright/test'
import { layoutShift, recordLayoutShifts } from './content-support'
import { answerConsentUpFront, startReading, text, watchConsole } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('travel insights add 3 posts each time the end is seen, up to 15, then say so', async ({ page }) => {
  const limits: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/v1/posts') limits.push(url.searchParams.get('limit') ?? '')
  })
  const noErrors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/')
  await startReading(page)
  const insights = page.getByRole('list', { name: text('en', 'home', 'insights.title') })
  const cards = insights.getByRole('listitem')
  // The first three come with the page: no request for them.
  await expect(cards).toHaveCount(3)
  expect(limits).toEqual([])
  const end = page.getByText(text('en', 'home', 'insights.end'))
  const seen = [3]
  while (seen.at(-1)! < 15) {
    await cards.last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 900)
    await expect.poll(() => cards.count()).toBeGreaterThan(seen.at(-1)!)
    seen.push(await cards.count())
  }
  await expect(end).toBeVisible()
  await page.mouse.wheel(0, 2000)
  await page.waitForTimeout(500)
  await expect(cards).toHaveCount(15)
  expect(seen.every((count) => count % 3 === 0), `counts ${seen}`).toBe(true)
  expect(new Set(limits), 'three at a time').toEqual(new Set(['3']))
  expect(limits).toHaveLength(4)
  // The live region tells screen-reader users what arrived.
  await expect(page.getByRole('status').filter({ hasText: '15' })).toHaveCount(1)
  noErrors()
})

const featuredList = (page: Page) => page.getByRole('list', { name: text('en', 'home', 'featured.title') })

test.describe('featured destinations', () => {
  test('a phone (375px) gets all five in a carousel with previous and next buttons', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await startReading(page)
    const slides = featuredList(page).getByRole('listitem')
    await expect(slides).toHaveCount(5)
    for (const slug of ['tropical', 'mountains', 'urban', 'historic', 'islands']) {
      await expect(featuredList(page).locator(`a[href="/destinations/${slug}"]`)).toBeVisible()
    }
    const previous = page.getByRole('button', { name: text('en', 'home', 'featured.previous') })
    const next = page.getByRole('button', { name: text('en', 'home', 'featured.next') })
    await expect(previous).toBeDisabled()
    for (let i = 0; i < 4; i++) await next.click()
    await expect(next).toBeDisabled()
    await expect(slides.last()).toBeInViewport()
    await expect(page.getByText(text('en', 'home', 'featured.position', { current: '5', total: '5' }))).toBeVisible()
  })

  test('a desktop (1280px) shows the first three in a grid', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    await startReading(page)
    const slides = featuredList(page).getByRole('listitem')
    await expect(slides.filter({ visible: true })).toHaveCount(3)
    for (const slug of ['tropical', 'mountains', 'urban']) await expect(featuredList(page).locator(`a[href="/destinations/${slug}"]`)).toBeVisible()
    await expect(page.getByRole('button', { name: text('en', 'home', 'featured.next') })).toBeHidden()
  })
})

test('explore by type leads to the filtered destinations page', async ({ page }) => {
  await page.goto('/pt')
  await startReading(page)
  // The featured "Montanhas" card links to the destination page; explore-by-type links to the filter.
  await page.locator('a[href="/pt/destinations?type=mountains"]').filter({ hasText: text('pt', 'home', 'explore.types.mountains.title') }).click()
  await expect(page).toHaveURL('/pt/destinations?type=mountains')
  const filters = page.getByRole('navigation', { name: text('pt', 'destinations', 'filters.label') })
  await expect(filters.getByRole('link', { name: text('pt', 'destinations', 'filters.mountains') })).toHaveAttribute('aria-current', 'page')
})

test('the home page does not move while it loads, on a phone and on a desktop', async ({ page }) => {
  await recordLayoutShifts(page)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    // The sections below the search arrive as the reader heads down: nothing on screen moves.
    await startReading(page)
    await page.getByRole('list', { name: text('en', 'home', 'insights.title') }).waitFor()
    expect(await layoutShift(page), `CLS at ${width}px`).toBeLessThan(0.02)
  }
})
