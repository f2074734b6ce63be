import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, watchConsoleExcept } from './auth-support'
import { recordLayoutShifts, layoutShift } from './content-support'
import { uniqueEmail, waitForMail, type Mail } from './mailbox'
import { answerConsentUpFront, LANGS, localized, startReading, text, type Lang } from './support'

const words = (lang: Lang, key: string) => text(lang, 'common', `newsletter.${key}`)
const pageWords = (lang: Lang, key: string) => text(lang, 'newsletter', key)
const footerForm = (page: Page) => page.locator('#newsletter form')
const emailField = (scope: ReturnType<typeof footerForm>, lang: Lang) => scope.getByLabel(words(lang, 'label'))
const toasts = (page: Page) => page.locator('#toasts')

/** The link of `path` (confirm or unsubscribe) in a newsletter mail. */
function linkIn(mail: Mail, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(mail.text)?.[0]
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`)
  return link
}

async function subscribe(page: Page, lang: Lang, email: string) {
  await startReading(page)
  const form = footerForm(page)
  await emailField(form, lang).fill(email)
  await form.getByRole('button', { name: words(lang, 'submit') }).click()
}

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('subscribe from the footer in Portuguese, confirm from the e-mail, unsubscribe and come back', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000)
  const noErrors = watchConsoleExcept(page, [])
  const email = uniqueEmail('newsletter.pt')
  await page.goto('/pt/blog')

  const signUp = page.waitForRequest((req) => req.url().endsWith('/api/v1/newsletter/subscriptions'))
  const counted = page.waitForRequest((req) => req.url().endsWith('/api/v1/events'))
  await subscribe(page, 'pt', email)
  expect((await signUp).postDataJSON()).toEqual({ email, language: 'pt', source: 'footer' })
  // docs/product.md#newsletter: the success toast with the server's (Portuguese) message; the field is cleared.
  await expect(toasts(page)).toContainText(words('pt', 'successTitle'))
  const toast = (await toasts(page).textContent()) ?? ''
  expect(toast.replace(words('pt', 'successTitle'), '').trim().length, 'the server message as description').toBeGreaterThan(10)
  await expect(emailField(footerForm(page), 'pt')).toHaveValue('')
  await expect(footerForm(page).getByRole('button', { name: words('pt', 'subscribed') })).toBeVisible()
  // The first-party count of the sign-up (docs/product.md#events), with no consent given.
  expect((await counted).postDataJSON()).toEqual({ name: 'newsletter_signup', language: 'pt', source: 'footer' })

  // The confirmation e-mail is in Portuguese; its link opens the Portuguese confirmation page.
  const mail = await waitForMail(request, email, 'newsletter_confirm')
  expect(mail.lang).toBe('pt')
  const confirm = linkIn(mail, '/pt/newsletter/confirm')
  expect(confirm.startsWith(`${baseURL}/pt/newsletter/confirm?token=`)).toBe(true)
  await page.goto(confirm)
  await expect(page.getByRole('heading', { level: 1, name: pageWords('pt', 'confirm.doneTitle') })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt')
  await expect(page).toHaveTitle(text('pt', 'seo', 'pages.newsletterConfirm.title'))
  await expect(page, 'the token leaves the address').toHaveURL(`${baseURL}/pt/newsletter/confirm`)
  await expectAccessible(page, 'confirmation page')
  // Opening the link again (a reload) still says confirmed: the token stayed in the history entry.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: pageWords('pt', 'confirm.doneTitle') })).toBeVisible()

  // Every newsletter mail carries the one-click unsubscribe link; the page offers the way back.
  await page.goto(linkIn(mail, '/pt/newsletter/unsubscribe'))
  await expect(page.getByRole('heading', { level: 1, name: pageWords('pt', 'unsubscribe.doneTitle') })).toBeVisible()
  await expectAccessible(page, 'unsubscribe page')
  await page.getByRole('button', { name: pageWords('pt', 'unsubscribe.resubscribe') }).click()
  await expect(page.getByRole('heading', { level: 1, name: pageWords('pt', 'unsubscribe.resubscribedTitle') })).toBeVisible()
  noErrors()
})

for (const lang of LANGS) {
  test(`${lang}: an address without @ gets the localized error and is not sent`, async ({ page }) => {
    const sent: string[] = []
    page.on('request', (req) => req.url().includes('/api/v1/newsletter/') && sent.push(req.url()))
    await page.goto(localized(lang, '/about'))
    await subscribe(page, lang, 'ana.example.com')
    const field = emailField(footerForm(page), lang)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(footerForm(page).getByRole('alert')).toHaveText(words(lang, 'invalid'))
    await expect(field).toHaveAccessibleDescription(words(lang, 'invalid'))
    await expect(field).toBeFocused()
    if (lang === 'es') await expect(footerForm(page).getByRole('alert')).toHaveText('Por favor ingresa un email válido')
    expect(sent).toEqual([])
  })
}

test('the home page has its own newsletter section, counted as "home"', async ({ page }) => {
  await page.goto('/es')
  await startReading(page)
  const section = page.getByRole('region', { name: text('es', 'home', 'newsletter.title') })
  await expect(section).toBeVisible()
  const signUp = page.waitForRequest((req) => req.url().endsWith('/api/v1/newsletter/subscriptions'))
  await section.getByLabel(words('es', 'label')).fill(uniqueEmail('home.es'))
  await section.getByRole('button', { name: words('es', 'submit') }).click()
  expect((await signUp).postDataJSON()).toMatchObject({ language: 'es', source: 'home' })
  await expect(toasts(page)).toContainText('Suscripción exitosa!')
})

test("the header's Subscribe takes the visitor to the footer form, on a desktop and from the phone menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/blog')
  // As a visitor would: once the page is there (its list arrives after the first paint).
  await page.waitForLoadState('networkidle')
  await page.getByRole('banner').getByRole('link', { name: text('en', 'navigation', 'subscribe') }).click()
  const field = emailField(footerForm(page), 'en')
  await expect(field).toBeFocused()
  await expect(field).toBeInViewport()

  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/pt/help')
  await page.waitForLoadState('networkidle')
  await page.getByRole('banner').getByRole('button', { name: text('pt', 'navigation', 'openMenu') }).click()
  await page.getByRole('banner').getByRole('link', { name: text('pt', 'navigation', 'subscribe') }).click()
  await expect(emailField(footerForm(page), 'pt')).toBeFocused()
  await expect(emailField(footerForm(page), 'pt')).toBeInViewport()
})

test('a bad or expired confirmation link offers to subscribe again, in its language', async ({ page }) => {
  await page.goto('/es/newsletter/confirm?token=not-a-real-token')
  await expect(page.getByRole('heading', { level: 1, name: pageWords('es', 'confirm.invalidTitle') })).toBeVisible()
  await expect(page.getByRole('main').getByLabel(words('es', 'label'))).toBeVisible()
  await expectAccessible(page, 'invalid confirmation link')
  await page.goto('/newsletter/unsubscribe')
  await expect(page.getByRole('heading', { level: 1, name: pageWords('en', 'unsubscribe.invalidTitle') })).toBeVisible()
})

test('the footer form holds its place while its code loads: nothing moves, in any language or width', async ({ page }) => {
  await recordLayoutShifts(page)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    for (const lang of LANGS) {
      // A short page, so the footer is on screen while the form arrives.
      await page.goto(localized(lang, '/nope-not-a-page'))
      await expect(emailField(footerForm(page), lang)).toBeVisible()
      const [form, placeholder] = await page.evaluate(() => {
        const real = document.querySelector<HTMLElement>('#newsletter form')!
        const stand = document.createElement('div')
        stand.className = 'newsletter-form newsletter-pending'
        real.after(stand)
        const heights = [real.getBoundingClientRect().height, stand.getBoundingClientRect().height]
        stand.remove()
        return heights
      })
      expect(form, `${lang} at ${width}px`).toBe(placeholder)
      expect(await layoutShift(page), `CLS of ${lang} at ${width}px`).toBe(0)
    }
  }
})
