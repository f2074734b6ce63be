import { expect, test, type Page } from '@playwright/test'
import { answerConsentUpFront, text, watchConsole } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

const cardTitles = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents()

test('filter tabs filter the destinations, live in the address and survive a reload', async ({ page, request }) => {
  const noErrors = watchConsole(page)
  const all = (await (await request.get('/api/v1/destinations?lang=es')).json()) as { items: { title: string }[] }
  const beaches = (await (await request.get('/api/v1/destinations?lang=es&type=beaches')).json()) as { items: { title: string }[] }
  expect(beaches.items.length).toBeGreaterThan(0)
  expect(beaches.items.length).toBeLessThan(all.items.length)

  await page.goto('/es/destinations')
  const tab = (key: string) => page.getByRole('navigation', { name: text('es', 'destinations', 'filters.label') }).getByRole('link', { name: text('es', 'destinations', `filters.${key}`) })
  await expect(tab('all')).toHaveAttribute('aria-current', 'page')
  expect(await cardTitles(page)).toEqual(all.items.map((item) => item.title))

  await tab('beaches').click()
  await expect(page).toHaveURL('/es/destinations?type=beaches')
  await expect(tab('beaches')).toHaveAttribute('aria-current', 'page')
  await expect(tab('all')).not.toHaveAttribute('aria-current', 'page')
  await expect.poll(() => cardTitles(page)).toEqual(beaches.items.map((item) => item.title))
  await expect(page.getByText(text('es', 'destinations', 'filters.count', { count: String(beaches.items.length) }))).toBeVisible()

  await page.reload()
  await expect(tab('beaches')).toHaveAttribute('aria-current', 'page')
  expect(await cardTitles(page)).toEqual(beaches.items.map((item) => item.title))

  await page.goBack()
  await expect(page).toHaveURL('/es/destinations')
  await expect.poll(() => cardTitles(page)).toEqual(all.items.map((item) => item.title))
  noErrors()
})

test('a destination page shows its image, introduction and posts', async ({ page, request }) => {
  const detail = (await (await request.get('/api/v1/destinations/europe?lang=pt')).json()) as { title: string; posts: { title: string }[] }
  await page.goto('/pt/destinations')
  await page.getByRole('link', { name: detail.title, exact: true }).click()
  await expect(page).toHaveURL('/pt/destinations/europe')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title)
  const image = page.getByRole('main').getByRole('img').first()
  await expect(image).toHaveAttribute('width', /\d+/)
  await expect(image).toHaveAttribute('height', /\d+/)
  for (const post of detail.posts) await expect(page.getByRole('link', { name: post.title, exact: true })).toBeVisible()
})
