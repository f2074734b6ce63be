import { expect, test, type Page } from '@playwright/test'
import { analyticsBaseURL, ANALYTICS_ENV } from '../playwright.config'
import { expectAccessible } from './auth-support'
import { startReading, text } from './support'

// These tests talk to the second server, the one with a GA4 id and AdSense slots configured.
test.use({ baseURL: analyticsBaseURL })

const GTAG = 'www.googletagmanager.com'
const ADSENSE = 'pagead2.googlesyndication.com'

// There is no internet here: Google's scripts are small fakes. The ad fake fills every slot
// late (700 ms, well after any input) with an ad taller than the slot, as a real one may be.
const FAKE_GTAG = 'window.fakeGtagRuns = (window.fakeGtagRuns || 0) + 1'
const FAKE_ADSENSE = `(function () {
  var waiting = window.adsbygoogle || []
  function fill() {
    setTimeout(function () {
      document.querySelectorAll('ins.adsbygoogle:not([data-filled])').forEach(function (ins) {
        ins.setAttribute('data-filled', 'true')
        var ad = document.createElement('div')
        ad.className = 'fake-ad'
        ad.style.height = '280px'
        ad.style.background = '#d4eeeb'
        ins.appendChild(ad)
      })
    }, 700)
  }
  window.adsbygoogle = { push: fill, loaded: true }
  if (waiting.length) fill()
})()`

/** Fakes Google's hosts and lists every request that leaves the site. */
async function fakeGoogle(page: Page): Promise<string[]> {
  const external: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(analyticsBaseURL)) external.push(request.url())
  })
  await page.route(
    (url) => url.hostname === GTAG,
    (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG }),
  )
  await page.route(
    (url) => url.hostname === ADSENSE,
    (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_ADSENSE }),
  )
  return external
}

const banner = (page: Page) => page.getByRole('region', { name: text('en', 'common', 'cookies.title') })
const scripts = (page: Page, host: string) => page.locator(`script[src^="https://${host}/"]`)
const adSlots = (page: Page) => page.locator('.ad-slot')
/** Google's commands so far, as arrays (dataLayer holds `arguments` objects). */
const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer?.map((entry) => Array.from(entry)) ?? null)
const pageViews = async (page: Page) =>
  ((await dataLayer(page)) ?? []).filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => (c[2] as { page_path: string }).page_path)

async function expectNothingFromGoogle(page: Page, external: string[]) {
  await expect(scripts(page, GTAG)).toHaveCount(0)
  await expect(scripts(page, ADSENSE)).toHaveCount(0)
  expect(await dataLayer(page), 'no dataLayer').toBeNull()
  expect(await page.locator('ins.adsbygoogle').count()).toBe(0)
  expect(external, 'no request leaves the site').toEqual([])
  expect(await page.context().cookies(), 'no cookie').toEqual([])
}

test('before the visitor answers, nothing of Google is loaded or stored; after Accept, it is, and page views follow navigation', async ({ page }) => {
  const external = await fakeGoogle(page)
  await page.goto('/')
  await expect(banner(page)).toBeVisible({ timeout: 3000 })
  await expectNothingFromGoogle(page, external)
  await startReading(page)
  // The configured slots hold their place already, empty.
  await expect(adSlots(page)).toHaveCount(2)
  const stored = await page.evaluate(() => Object.keys(localStorage))
  expect(stored.filter((key) => key !== 'rumbo:lang'), 'nothing non-essential stored').toEqual([])
  await expectAccessible(page, 'home with ad slots and banner')

  await banner(page).getByRole('button', { name: text('en', 'common', 'cookies.accept') }).click()
  await expect(scripts(page, GTAG)).toHaveCount(1)
  await expect(scripts(page, GTAG)).toHaveAttribute('src', `https://${GTAG}/gtag/js?id=${ANALYTICS_ENV.GA_MEASUREMENT_ID}`)
  await expect(scripts(page, ADSENSE)).toHaveCount(1)
  await expect(scripts(page, ADSENSE)).toHaveAttribute('src', `https://${ADSENSE}/pagead/js/adsbygoogle.js`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { fakeGtagRuns?: number }).fakeGtagRuns)).toBe(1)
  const commands = (await dataLayer(page))!
  // Consent Mode v2: denied by default before any other command, then granted.
  expect(commands[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }])
  expect(commands[1]).toEqual(['consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }])
  expect(commands.find((c) => c[0] === 'config')).toEqual(['config', ANALYTICS_ENV.GA_MEASUREMENT_ID, { send_page_view: false, allow_google_signals: false }])
  await expect.poll(() => pageViews(page)).toEqual(['/'])
  // Both slots carry their ad units (no page-level or auto ads anywhere else).
  await expect(page.locator('ins.adsbygoogle')).toHaveCount(2)
  await expect(page.locator(`ins.adsbygoogle[data-ad-slot="${ANALYTICS_ENV.ADSENSE_SLOT_MID}"]`)).toHaveCount(1)
  await expect(page.locator(`ins.adsbygoogle[data-ad-client="${ANALYTICS_ENV.ADSENSE_CLIENT}"]`)).toHaveCount(2)

  // A page view on every route change (client navigation), and on a new page load.
  await page.getByRole('banner').getByRole('link', { name: text('en', 'navigation', 'blog'), exact: true }).click()
  await expect(page).toHaveURL(`${analyticsBaseURL}/blog`)
  await expect.poll(() => pageViews(page)).toEqual(['/', '/blog'])
  await page.getByRole('contentinfo').getByRole('link', { name: text('en', 'navigation', 'about') }).click()
  await expect.poll(() => pageViews(page)).toEqual(['/', '/blog', '/about'])
  await page.goto('/es/help')
  await expect.poll(() => pageViews(page)).toEqual(['/es/help'])
  await expect(scripts(page, GTAG)).toHaveCount(1)
  expect(external.every((url) => new URL(url).hostname === GTAG || new URL(url).hostname === ADSENSE), external.join()).toBe(true)
})

test('declining keeps Google out, across reloads and navigation', async ({ page }) => {
  const external = await fakeGoogle(page)
  await page.goto('/pt')
  const ptBanner = page.getByRole('region', { name: text('pt', 'common', 'cookies.title') })
  await ptBanner.getByRole('button', { name: text('pt', 'common', 'cookies.decline') }).click()
  await expect(ptBanner).toBeHidden()
  await page.waitForTimeout(500)
  await expectNothingFromGoogle(page, external)
  await page.reload()
  await page.waitForTimeout(1500)
  await expect(ptBanner).toHaveCount(0)
  await expectNothingFromGoogle(page, external)
  // A visitor who declined gets no ad boxes at all.
  await expect(adSlots(page)).toHaveCount(0)
  await page.getByRole('banner').getByRole('link', { name: text('pt', 'navigation', 'blog'), exact: true }).click()
  await expect(page).toHaveURL(`${analyticsBaseURL}/pt/blog`)
  // A newsletter sign-up is still counted first-party (no cookie, nothing of Google).
  await page.goto('/pt/about')
  await startReading(page)
  const counted = page.waitForRequest((request) => request.url().endsWith('/api/v1/events'))
  await page.locator('#newsletter').getByLabel(text('pt', 'common', 'newsletter.label')).fill(`declined.${Date.now()}@example.com`)
  await page.locator('#newsletter').getByRole('button', { name: text('pt', 'common', 'newsletter.submit') }).click()
  expect((await counted).postDataJSON()).toEqual({ name: 'newsletter_signup', language: 'pt', source: 'footer' })
  await expect(page.locator('#toasts')).toContainText(text('pt', 'common', 'newsletter.successTitle'))
  await expectNothingFromGoogle(page, external)
})

test('the ad slots never move the page: CLS is 0 while ads arrive late and tall, on a phone and a desktop', async ({ page }) => {
  await fakeGoogle(page)
  await page.addInitScript(() => {
    window.localStorage.setItem('rumbo:consent', 'accepted')
    const store = window as unknown as { cls: number; shifts: string[] }
    store.cls = 0
    store.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue
        store.cls += entry.value
        store.shifts.push((entry.sources ?? []).map((source) => (source.node as Element | undefined)?.className ?? '?').join(' | '))
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    await startReading(page)
    for (const kind of ['mid-content', 'bottom']) {
      const slot = page.locator(`.ad-slot-${kind}`)
      // Bring the slot on screen before its ad arrives, so a moving page would count.
      await slot.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
      const box = () =>
        slot.evaluate((element) => {
          const rect = element.getBoundingClientRect()
          return { top: rect.top + window.scrollY, height: rect.height, width: rect.width }
        })
      const before = await box()
      await expect(slot.locator('ins[data-filled] .fake-ad')).toHaveCount(1)
      await page.waitForTimeout(200)
      expect(await box(), `${kind} at ${width}px keeps its box`).toEqual(before)
      expect(before.height, `${kind} box: 250px ad + 20px caption`).toBe(270)
    }
    const { cls, shifts } = await page.evaluate(() => {
      const store = window as unknown as { cls: number; shifts: string[] }
      return { cls: store.cls, shifts: store.shifts }
    })
    expect(cls, `CLS at ${width}px: ${shifts.join(' / ')}`).toBe(0)
  }
})
