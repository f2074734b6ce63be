import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** The newest post of the shipped content, from the API (so the tests follow the content files). */
export async function newestPost(request: APIRequestContext, lang = 'en'): Promise<{ slug: string; path: string; title: string }> {
  const response = await request.get(`/api/v1/posts?lang=${lang}&limit=1`)
  expect(response.ok()).toBe(true)
  const { items } = (await response.json()) as { items: { slug: string; path: string; title: string }[] }
  expect(items.length, 'the shipped content has posts').toBeGreaterThan(0)
  return items[0]!
}

/** Starts adding up layout shifts (CLS) from the first paint; read them with `layoutShift`. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { cls: number }
    store.cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) store.cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
  return page.evaluate(() => (window as unknown as { cls: number }).cls)
}
