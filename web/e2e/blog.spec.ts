import { expect, test } from '@playwright/test'
import { layoutShift, newestPost, recordLayoutShifts } from './content-support'
import { answerConsentUpFront, LANGS, localized, text, watchConsole } from './support'

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('the blog list loads more as the reader scrolls, then says it has reached the end', async ({ page, request }) => {
  const noErrors = watchConsole(page)
  const { items } = (await (await request.get('/api/v1/posts?lang=es&limit=50')).json()) as { items: { title: string }[] }
  await page.goto('/es/blog')
  const cards = page.getByRole('list', { name: text('es', 'blog', 'list.label') }).getByRole('listitem')
  await expect(cards).toHaveCount(Math.min(9, items.length))
  const end = page.getByText(text('es', 'blog', 'list.end'))
  while (!(await end.isVisible())) {
    await cards.last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 1500)
    await page.waitForTimeout(150)
  }
  await expect(cards).toHaveCount(items.length)
  await expect(cards.getByRole('heading')).toHaveText(items.map((item) => item.title))
  noErrors()
})

for (const lang of LANGS) {
  test(`a post reads in ${lang}: title, author, body, related posts`, async ({ page, request }) => {
    const post = await newestPost(request, lang)
    const response = await page.goto(post.path)
    expect(response?.status()).toBe(200)
    const article = page.getByRole('article').first()
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title)
    await expect(page).toHaveTitle(`${post.title} | Rumbo`)
    const cover = article.getByRole('img').first()
    await expect(cover).toHaveAttribute('width', /\d+/)
    await expect(cover).toHaveAttribute('alt', /\S/)
    await expect(article.locator('.prose h2').first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: text(lang, 'blog', 'post.related') })).toBeVisible()
  })
}

test('a post reached from the blog list loads from the API and sets the title', async ({ page, request }) => {
  const post = await newestPost(request, 'pt')
  await page.goto('/pt/blog')
  await page.getByRole('link', { name: post.title, exact: true }).first().click()
  await expect(page).toHaveURL(post.path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title)
  await expect(page).toHaveTitle(`${post.title} | Rumbo`)
})

test('an unknown post is the not-found page, with HTTP 404 and its title', async ({ page }) => {
  const response = await page.goto(localized('es', '/blog/no-such-post'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('es', 'pages', 'notFound.title'))
  await expect(page).toHaveTitle(text('es', 'seo', 'pages.notFound.title'))
})

test('a post page does not move while it loads', async ({ page, request }) => {
  await recordLayoutShifts(page)
  const post = await newestPost(request)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(post.path)
    expect(await layoutShift(page), `CLS at ${width}px`).toBeLessThan(0.02)
  }
})
