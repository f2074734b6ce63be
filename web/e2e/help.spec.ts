import { expect, test, type Page } from '@playwright/test'
import { dialog, expectAccessible, openLoginDialog, signIn, watchConsoleExcept } from './auth-support'
import { layoutShift, recordLayoutShifts } from './content-support'
import { uniqueEmail, verifyLink, waitForMail } from './mailbox'
import { answerConsentUpFront, text, type Lang } from './support'

// The consultation flow against the release binary: plans, free times and bookings are real,
// the sandbox provider answers with Stripe's test-card outcomes, mail lands in /dev/mailbox.
// One consultant serves every plan, so these tests take turns rather than race for a time.
test.describe.configure({ mode: 'serial' })

const c = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'consultations', key, vars)

/** The calls a test provokes on purpose (a declined card is a 402) show up in the console. */
const EXPECTED_STATUSES = [/status of 402/, /status of 409/]

async function stepHeading(page: Page, lang: Lang, step: 'plan' | 'time' | 'payment' | 'confirmation') {
  const heading = page.getByRole('heading', { level: 3, name: new RegExp(c(lang, `steps.${step}`)) })
  await expect(heading).toBeVisible()
  return heading
}

async function fillCard(page: Page, lang: Lang, number: string) {
  await page.getByRole('main').getByLabel(c(lang, 'card.number')).fill(number)
  await page.getByRole('main').getByLabel(c(lang, 'card.exp')).fill('12/34')
  await page.getByRole('main').getByLabel(c(lang, 'card.cvc')).fill('123')
  await page.getByRole('main').getByLabel(c(lang, 'card.name')).fill('Lucía Pérez')
}

test('book in Spanish: plan, time, a reload mid-flow, a declined card then another, the mail, and a cancellation through the manage link', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  // A visitor in Madrid: times show in UTC-5 with Madrid's time beside them.
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' })
  const page = await context.newPage()
  await answerConsentUpFront(page)
  const noErrors = watchConsoleExcept(page, EXPECTED_STATUSES)
  const email = uniqueEmail('lucia.help')
  // The first-party count (POST /api/v1/events) is answered here: its endpoint belongs to the
  // newsletter/analytics branch. What matters is what the page sends, and when.
  const events: unknown[] = []
  await page.route('**/api/v1/events', async (route) => {
    events.push(JSON.parse(route.request().postDataBuffer()?.toString('utf8') ?? 'null'))
    await route.fulfill({ status: 204 })
  })

  // 1. Select Plan: cards from the API, the recommended one marked, prices per session.
  await page.goto('/es/help')
  await expect(page.getByRole('heading', { level: 1, name: text('es', 'help', 'page.title') })).toBeVisible()
  const recommended = page.locator('#book').getByRole('article').filter({ hasText: c('es', 'plans.recommended') })
  await expect(recommended).toHaveCount(1)
  await expect(recommended).toContainText(c('es', 'plans.perSession'))
  await expect(recommended).toContainText(/USD\s99/)
  await expectAccessible(page, 'step 1: plans')
  await recommended.getByRole('button').click()

  // 2. Book Time: focus on the step heading, the step and plan in the address.
  await expect(await stepHeading(page, 'es', 'time')).toBeFocused()
  await expect(page).toHaveURL(/\?step=time&plan=\w+$/)
  await page.getByRole('button', { name: c('es', 'form.submit') }).click()
  await expect(page.getByText('El nombre debe tener al menos 2 caracteres.')).toBeVisible()
  await expect(page.getByText('Por favor ingresa un correo electrónico válido.')).toBeVisible()
  await expect(page.getByText('Por favor selecciona tu país.')).toBeVisible()
  await expect(page.getByText('El mensaje debe tener al menos 10 caracteres.')).toBeVisible()
  await expect(page.getByText(c('es', 'fieldErrors.slot_required'))).toBeVisible()

  const label = page.locator('label').filter({ has: page.locator('input[type="radio"][name$="-time"]') }).first()
  const time = label.locator('input')
  await time.check()
  await expect(label).toContainText('(UTC-5)')
  await expect(label).toContainText(/en tu hora \(UTC\+[12]\)/)
  const chosenStart = await time.getAttribute('value')
  await page.getByRole('main').getByLabel(c('es', 'form.name')).fill('Lucía Pérez')
  await page.getByRole('main').getByLabel(c('es', 'form.email')).fill(email)
  await page.getByRole('main').getByLabel(c('es', 'form.country')).selectOption({ label: 'España' })
  await page.getByRole('main').getByLabel(c('es', 'form.message')).fill('Perdieron mi maleta en Lima y la aerolínea no responde.')
  await page.getByRole('main').getByLabel(c('es', 'documents.label')).setInputFiles([
    { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no es un PDF') },
    { name: 'billete.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% billete de prueba\n%%EOF\n') },
  ])
  await expect(page.getByText(`notas.txt: ${c('es', 'fieldErrors.unsupported_document')}`)).toBeVisible()
  await expect(page.getByText('billete.pdf', { exact: true })).toBeVisible()
  await expectAccessible(page, 'step 2: time and form')

  // A reload keeps the step, the chosen time and every field (the file must be picked again).
  await page.reload()
  await stepHeading(page, 'es', 'time')
  await expect(page.getByRole('main').getByLabel(c('es', 'form.name'))).toHaveValue('Lucía Pérez')
  await expect(page.getByRole('main').getByLabel(c('es', 'form.country'))).toHaveValue('Spain')
  await expect(page.locator(`input[type="radio"][value="${chosenStart}"]`)).toBeChecked()
  await page.getByRole('main').getByLabel(c('es', 'documents.label')).setInputFiles({
    name: 'billete.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% billete de prueba\n%%EOF\n'),
  })
  await page.getByRole('button', { name: c('es', 'form.submit') }).click()

  // 3. Payment: the hold's countdown; a reload keeps the booking.
  await expect(await stepHeading(page, 'es', 'payment')).toBeFocused()
  await expect(page).toHaveURL(/step=payment&plan=\w+&booking=[0-9a-f-]{36}$/)
  await expect(page.getByRole('timer')).toHaveText(/^1[0-5]:\d\d$/)
  await page.reload()
  await expect(page.getByRole('timer')).toBeVisible()
  // This server takes no real payments (the sandbox provider): the card details begin by saying so.
  const testMode = `${c('es', 'testMode.label')} ${c('es', 'testMode.pay')}`
  await expect(page.getByRole('group', { name: c('es', 'card.legend') })).toHaveAccessibleDescription(testMode)
  await expect(page.getByText(c('es', 'testMode.pay'))).toBeVisible()
  await expectAccessible(page, 'step 3: payment')

  // Back returns to the form with everything kept, and coming back reuses the same hold.
  const paymentUrl = page.url()
  await page.getByRole('button', { name: c('es', 'payment.back') }).click()
  await stepHeading(page, 'es', 'time')
  await expect(page.getByRole('main').getByLabel(c('es', 'form.message'))).toHaveValue('Perdieron mi maleta en Lima y la aerolínea no responde.')
  await page.getByRole('button', { name: c('es', 'form.submit') }).click()
  await stepHeading(page, 'es', 'payment')
  expect(page.url()).toBe(paymentUrl)

  await fillCard(page, 'es', '4000 0000 0000 0002')
  await page.getByRole('button', { name: /Pagar/ }).click()
  await expect(page.getByRole('alert')).toHaveText(text('es', 'errors', 'codes.card_declined'))
  await expectAccessible(page, 'step 3: declined')
  await page.getByRole('main').getByLabel(c('es', 'card.number')).fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /Pagar/ }).click()

  // 4. Confirmation: consultation, date, time (UTC-5 and local), duration, topic, the promise.
  await expect(await stepHeading(page, 'es', 'confirmation')).toBeFocused()
  await expect(page.getByText('Perdieron mi maleta en Lima y la aerolínea no responde.')).toBeVisible()
  await expect(page.getByText(/\(UTC-5\)/).first()).toBeVisible()
  await expect(page.getByText(c('es', 'confirmation.promise'))).toBeVisible()
  await expect(page.getByText('Pagado con Visa terminada en 4242')).toBeVisible()
  await expect(page.getByText(c('es', 'testMode.booked'))).toBeVisible()
  await expect(page.getByText('billete.pdf', { exact: true })).toBeVisible()
  await expectAccessible(page, 'step 4: confirmation')
  // docs/product.md#events: help_form_submit on each sending of the form, generate_lead once on confirmation.
  await expect.poll(() => events).toEqual([
    { name: 'help_form_submit', language: 'es', source: 'complete' },
    { name: 'help_form_submit', language: 'es', source: 'complete' },
    { name: 'generate_lead', language: 'es', source: 'premium' },
  ])
  const manage = await page.getByRole('link', { name: c('es', 'confirmation.manage') }).getAttribute('href')
  expect(manage).toMatch(/^\/es\/help\/booking\/[0-9a-f-]{36}\?token=/)

  // The confirmation mail (Spanish, with the manage link) — the link opens the booking page.
  const mail = await waitForMail(request, email, 'consultation_confirmed')
  expect(mail.lang).toBe('es')
  const link = /https?:\/\/\S+\/es\/help\/booking\/[0-9a-f-]{36}\?token=[^\s"<]+/.exec(mail.text)?.[0]
  expect(link, 'manage link in the mail').toBeTruthy()
  await page.goto(link!)
  await expect(page.getByRole('heading', { level: 1, name: c('es', 'manage.title') })).toBeVisible()
  await expect(page.locator('dd', { hasText: c('es', 'status.confirmed') })).toBeVisible()
  await expect(page.getByText(c('es', 'testMode.booked'))).toBeVisible()
  await expectAccessible(page, 'booking page')

  // Cancel: the refund and the rule are said before anything happens.
  await page.getByRole('button', { name: c('es', 'manage.cancel.button') }).click()
  const panel = page.getByRole('region', { name: c('es', 'manage.cancel.question') })
  await expect(panel).toContainText(/cancelar no tiene costo: te reembolsamos USD\s99/)
  await expectAccessible(page, 'booking page: cancel')
  await panel.getByRole('button', { name: c('es', 'manage.cancel.confirm') }).click()
  await expect(page.getByText(/Tu consulta está cancelada/)).toBeFocused()
  await expect(page.locator('dd', { hasText: c('es', 'status.cancelled') })).toContainText(/Reembolso: USD\s99/)
  await waitForMail(request, email, 'consultation_cancelled')

  // The confirmation address of a cancelled booking says so, with a way to start again.
  await page.goto(paymentUrl.replace('step=payment', 'step=confirmation'))
  await expect(page.getByRole('alert')).toHaveText(c('es', 'payment.cancelled'))
  noErrors()
  await context.close()
})

test('signed in: the form is pre-filled, the booking shows in the account, and its owner reschedules it there', async ({ page, request }) => {
  test.setTimeout(120_000)
  await answerConsentUpFront(page)
  await page.route('**/api/v1/events', (route) => route.fulfill({ status: 204 }))
  const noErrors = watchConsoleExcept(page, EXPECTED_STATUSES)
  const email = uniqueEmail('marta.help')
  const password = 'Viaje-2026!'

  // An account with a confirmed address (the sign-up itself is auth.spec.ts's subject).
  const config = /<script type="application\/json" id="rumbo-config">(.*?)<\/script>/s.exec(await (await request.get('/')).text())![1]!
  const { anonKey } = JSON.parse(config) as { anonKey: string }
  const signUp = await request.post('/auth/v1/signup', {
    headers: { apikey: anonKey },
    data: { email, password, data: { first_name: 'Marta', last_name: 'Gómez', country: 'Mexico' } },
  })
  expect(signUp.ok()).toBe(true)
  await request.get(verifyLink(await waitForMail(request, email, 'confirm_signup')), { maxRedirects: 0 })

  await page.goto('/help')
  await openLoginDialog(page, 'en')
  await dialog(page).getByRole('button', { name: text('en', 'auth', 'options.signIn') }).click()
  await signIn(page, 'en', email, password)
  await expect(page.getByRole('banner').getByRole('button', { name: /Marta Gómez/ })).toBeVisible()

  await page.goto('/help?step=time&plan=essential')
  await expect(page.getByRole('main').getByLabel(c('en', 'form.name'))).toHaveValue('Marta Gómez')
  await expect(page.getByRole('main').getByLabel(c('en', 'form.email'))).toHaveValue(email)
  await expect(page.getByRole('main').getByLabel(c('en', 'form.country'))).toHaveValue('Mexico')
  await expect(page.getByText(c('en', 'form.prefilled'))).toBeVisible()
  // The last free time of the view, away from the other test's bookings.
  await page.locator('label').filter({ has: page.locator('input[type="radio"][name$="-time"]') }).last().click()
  await page.getByRole('main').getByLabel(c('en', 'form.message')).fill('The hotel cancelled my booking on arrival.')
  await page.getByRole('button', { name: c('en', 'form.submit') }).click()
  await stepHeading(page, 'en', 'payment')
  await fillCard(page, 'en', '4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await stepHeading(page, 'en', 'confirmation')

  // My consultations, on the account page; its link opens the booking as its owner (no token).
  await page.goto('/account')
  const mine = page.getByRole('region', { name: c('en', 'account.heading') })
  await expect(mine.getByRole('listitem')).toHaveCount(1)
  await expect(mine).toContainText(c('en', 'status.confirmed'))
  await expectAccessible(page, 'account: my consultations')
  await mine.getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: c('en', 'manage.title') })).toBeVisible()

  // Reschedule, more than 24 h ahead: free, no card asked.
  await page.getByRole('button', { name: c('en', 'manage.reschedule.button') }).click()
  const panel = page.getByRole('region', { name: c('en', 'manage.reschedule.heading') })
  await expect(panel).toContainText(c('en', 'manage.reschedule.free'))
  await panel.locator('label').filter({ has: page.locator('input[type="radio"][name$="-time"]') }).first().click()
  await expectAccessible(page, 'booking page: reschedule')
  await panel.getByRole('button', { name: c('en', 'manage.reschedule.confirm') }).click()
  await expect(page.getByText(/Done! Your consultation now starts/)).toBeFocused()
  await waitForMail(request, email, 'consultation_rescheduled')
  noErrors()
})

test('the booking page is private: noindex, and a malformed id is not found', async ({ request }) => {
  for (const path of ['/help/booking/0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab', '/pt/help/booking']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text()).toContain('<meta name="robots" content="noindex">')
  }
  expect((await request.get('/es/help/booking/not-a-booking')).status()).toBe(404)
})

test('the help page keeps still while plans and testimonials arrive, and its tabs work by keyboard', async ({ page }) => {
  await answerConsentUpFront(page)
  await recordLayoutShifts(page)
  await page.goto('/help')
  await expect(page.locator('#book').getByRole('article').filter({ hasText: c('en', 'plans.recommended') })).toBeVisible()
  expect(await layoutShift(page)).toBeLessThan(0.1)

  const service = page.getByRole('tab', { name: text('en', 'help', 'tabs.service') })
  await expect(service).toHaveAttribute('aria-selected', 'true')
  await service.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: text('en', 'help', 'tabs.howItWorks') })).toBeFocused()
  await page.keyboard.press('End')
  const faq = page.getByRole('tab', { name: text('en', 'help', 'tabs.faq') })
  await expect(faq).toHaveAttribute('aria-selected', 'true')
  const panel = page.getByRole('tabpanel', { name: text('en', 'help', 'tabs.faq') })
  await panel.getByText(text('en', 'help', 'faq.items.data.q')).click()
  await expect(panel.getByText(text('en', 'help', 'faq.items.data.a'))).toBeVisible()
  await expect(panel).toContainText('24 hours')
  await expectAccessible(page, 'help: FAQ tab')
})
