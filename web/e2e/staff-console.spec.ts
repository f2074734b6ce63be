import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail } from './mailbox'
import { addConsultant, bearer, bookAndPay, dayIn, signInWithCode, staff, teamMember } from './staff-support'
import { answerConsentUpFront, text } from './support'

// The staff console (decision 014) against the release binary, the whole 21-day case: a
// consultant opens the agenda in Spanish, opens a booking, marks it held, writes the opinion
// (refused once for the traveller's name), an admin approves it in English, the consultant sends
// the course of action, and the traveller's booking page shows both. axe on every console page.
// Development mode: STAFF_REQUIRE_MFA is off, so no two-step code is asked.
test.describe.configure({ mode: 'serial' })

const PASSWORD = 'Consola-2026!'
const es = (key: string, vars: Record<string, string> = {}) => staff('es', key, vars)
const en = (key: string, vars: Record<string, string> = {}) => staff('en', key, vars)
/** The refusals this flow provokes on purpose: the opinion with the traveller's name (422). */
const EXPECTED = [/status of 422/]

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('a case from the agenda to the traveller: held, opinion, approval, course of action', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000)
  // The e2e server keeps what a failed attempt made: names of this attempt's own, so a retry
  // finds exactly one of each.
  const run = Math.random().toString(36).slice(2, 6)
  const anaName = `Ana Restrepo ${run}`
  const title = `Maleta perdida en Lima ${run}: la aerolínea pagó`
  const consultantEmail = uniqueEmail('ana.consultora')
  const adminEmail = uniqueEmail('rosa.admin')
  const traveller = { name: 'Lucía Pérez', email: uniqueEmail('lucia.viajera') }

  // Seeding: two team members (roles by the command line), Ana made a consultant by the admin,
  // a paid booking, given to Ana if the assignment chose someone else.
  const anaApp = (await teamMember(request, baseURL!, consultantEmail, PASSWORD, ['Ana', `Restrepo ${run}`], ['consultant'])).app!
  const rosaMember = await teamMember(request, baseURL!, adminEmail, PASSWORD, ['Rosa', 'Lima'], ['admin'])
  const adminToken = rosaMember.token
  const anaId = await addConsultant(request, adminToken, consultantEmail, anaName)
  const booking = await bookAndPay(request, traveller)
  const seen = await request.get(`/api/v1/staff/bookings/${booking.id}`, { headers: bearer(adminToken) })
  expect(seen.ok(), await seen.text()).toBe(true)
  if (((await seen.json()) as { consultant_id: string }).consultant_id !== anaId) {
    const moved = await request.post(`/api/v1/staff/bookings/${booking.id}/reassign`, { headers: bearer(adminToken), data: { consultant_id: anaId } })
    expect(moved.ok(), await moved.text()).toBe(true)
  }

  // 1. Ana, in Bogotá, signs in with her code (staff sign in at aal2) and opens today's agenda, in Spanish.
  const anaContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' })
  const ana = await anaContext.newPage()
  await answerConsentUpFront(ana)
  const anaErrors = watchConsoleExcept(ana, EXPECTED)
  await signInWithCode(ana, 'es', consultantEmail, PASSWORD, anaApp)
  await ana.goto('/es/staff')
  await expect(ana.getByRole('heading', { level: 1, name: es('agenda.title') })).toBeVisible()
  await expect(ana.getByRole('button', { name: es('agenda.today') })).toBeDisabled()
  await expect(ana.getByLabel(es('agenda.who'))).toHaveValue('mine')
  await expect(ana.getByRole('navigation', { name: es('nav.label') }).getByRole('link')).toHaveCount(4) // no admin sections
  await expectAccessible(ana, 'agenda (today)')

  // The booking's day (in her zone), by the agenda's own address; the week view shows it too.
  const day = dayIn(booking.start, 'America/Bogota')
  await ana.goto(`/es/staff?day=${day}`)
  const entry = ana.getByRole('listitem').filter({ has: ana.getByRole('link', { name: traveller.name }) })
  await expect(entry).toContainText('(UTC-5)')
  await expect(entry).toContainText(/Viajero: .*\(UTC\+[12]\)/) // Madrid's time beside hers
  await expect(entry).toContainText(es('caseState.scheduled'))
  // The meeting link comes from CONSULTATION_MEETING_URL_TEMPLATE when the server has one.
  await expect(entry.getByRole('link', { name: new RegExp(es('meeting.join')) }).or(entry.getByText(es('meeting.none')))).toBeVisible()
  await ana.getByRole('button', { name: es('agenda.week') }).click()
  await expect(ana).toHaveURL(new RegExp(`view=week&day=${day}`))
  await expect(ana.getByRole('link', { name: traveller.name })).toBeVisible()
  await expectAccessible(ana, 'agenda (week)')

  // 2. The booking: facts, the case, the traveller's message; marked as held.
  await ana.getByRole('link', { name: traveller.name }).click()
  await expect(ana.getByRole('heading', { level: 1, name: es('booking.title', { name: traveller.name }) })).toBeVisible()
  await expect(region(ana, es('documents.title'))).toContainText('Perdieron mi maleta en Lima')
  await expect(region(ana, es('booking.facts'))).toContainText('Europe/Madrid')
  await expectAccessible(ana, 'booking')
  const outcome = region(ana, es('outcome.title'))
  await outcome.getByRole('button', { name: es('outcome.markHeld') }).click()
  await expect(outcome.getByRole('status')).toHaveText(es('outcome.saved.held'))
  await expect(region(ana, es('case.title')).locator('[aria-current="step"]')).toContainText(es('caseState.held'))

  // 3. The opinion in Spanish: the traveller's name is refused beside the field, then saved.
  const opinion = region(ana, es('opinion.title'))
  await opinion.getByLabel(es('opinion.category')).selectOption({ label: es('categories.airline') })
  await opinion.getByLabel(es('opinion.outcome'), { exact: true }).fill('Reembolso obtenido')
  const spanish = opinion.getByRole('group', { name: es('opinion.languageRequired', { language: 'Español' }) })
  await spanish.getByLabel(es('opinion.textTitle')).fill(title)
  const body = spanish.getByLabel(es('opinion.textBody'))
  // Long enough for the server's rules (80 characters at least), so the refusal is the name's.
  await body.fill('Lucía perdió su maleta en Lima y la aerolínea tardó tres semanas en responder a su reclamo escrito.')
  await opinion.getByRole('button', { name: es('opinion.save') }).click()
  await expect(opinion.getByRole('alert')).toHaveText(es('opinion.personalData'))
  await expect(body).toHaveAttribute('aria-invalid', 'true')
  // Said beside the field in the words of the server's reason (`contains_name`).
  await expect(spanish.getByText(es('opinion.issues.containsName'))).toBeVisible()
  await expect(body).toBeFocused()
  await expectAccessible(ana, 'opinion refused for personal data')
  await body.fill('La aerolínea perdió la maleta en Lima; tras el reclamo por escrito pagó la compensación prevista.')
  await opinion.getByRole('button', { name: es('opinion.save') }).click()
  await expect(opinion.getByRole('status')).toHaveText(es('opinion.saved'))

  // Its author cannot approve it: the opinions page says so instead of offering the button.
  await ana.goto('/es/staff/opinions')
  const ownDraft = ana.getByRole('article', { name: title })
  await expect(ownDraft).toContainText(text('es', 'errors', 'codes.self_approval'))
  await expect(ownDraft.getByRole('button')).toHaveCount(0)
  await expectAccessible(ana, 'opinions (own draft)')

  // 4. Rosa, an admin, approves it in English; the team and the log are hers to see.
  const rosaContext = await browser.newContext()
  const rosa = await rosaContext.newPage()
  await answerConsentUpFront(rosa)
  const rosaErrors = watchConsoleExcept(rosa, [])
  await signInWithCode(rosa, 'en', adminEmail, PASSWORD, rosaMember.app!)
  await rosa.goto('/staff/opinions')
  const draft = rosa.getByRole('article', { name: title })
  await expect(draft).toContainText('Airline')
  await expectAccessible(rosa, 'opinions (admin)')
  await draft.getByRole('button', { name: en('opinions.approve') }).click()
  await expect(rosa.getByRole('status').filter({ hasText: en('opinions.approved', { title }) })).toBeVisible()
  await rosa.getByRole('button', { name: en('opinions.tabs.published') }).click()
  const published = rosa.getByRole('article', { name: title })
  const opinionUrl = await published.getByRole('link', { name: en('opinions.view') }).getAttribute('href')
  expect(opinionUrl).toMatch(/^\/es\/help\/opinions\/[a-z0-9-]+$/)
  for (const [path, heading] of [
    ['/staff/team', en('team.title')],
    ['/staff/audit', en('audit.title')],
    ['/staff/cases', en('cases.title')],
    ['/staff/availability', en('availability.title')],
  ] as const) {
    await rosa.goto(path)
    await expect(rosa.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(rosa.locator('output[aria-busy="true"]')).toHaveCount(0)
    await expectAccessible(rosa, `admin: ${path}`)
  }
  await expect(rosa.getByRole('article', { name: anaName })).toBeVisible()
  rosaErrors()

  // 5. Ana sends the course of action, after the question.
  await ana.goto(`/es/staff/bookings/${booking.id}`)
  const advice = region(ana, es('advice.title'))
  await advice.getByLabel(es('advice.summary')).fill('Presenta el reclamo formal y guarda cada respuesta de la aerolínea.')
  await advice.getByLabel(es('advice.stepTitle')).fill('Envía el formulario de reclamo')
  await advice.getByLabel(es('advice.stepDue')).fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
  await advice.getByRole('button', { name: es('advice.addStep') }).click()
  await expect(advice.getByLabel(es('advice.stepTitle')).nth(1)).toBeFocused()
  await advice.getByRole('button', { name: es('advice.removeStep', { number: '2' }) }).click()
  await expectAccessible(ana, 'course of action')
  await advice.getByRole('button', { name: es('advice.send') }).click()
  await expect(advice.getByText(es('advice.question'))).toBeFocused()
  await advice.getByRole('button', { name: es('advice.confirm') }).click()
  await expect(advice.getByRole('status')).toHaveText(es('advice.sent'))
  await expect(advice).toContainText('Envía el formulario de reclamo')
  await expect(region(ana, es('case.title')).locator('[aria-current="step"]')).toContainText(es('caseState.advice_sent'))
  for (const [path, heading] of [
    ['/es/staff/cases?filter=all', es('cases.title')],
    ['/es/staff/availability', es('availability.title')],
  ] as const) {
    await ana.goto(path)
    await expect(ana.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(ana.locator('output[aria-busy="true"]')).toHaveCount(0)
    await expectAccessible(ana, path)
  }
  anaErrors()

  // 6. The traveller's booking page (the manage link) shows both: the opinion's link and the course of action.
  const travellerContext = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' })
  const travellerPage = await travellerContext.newPage()
  await answerConsentUpFront(travellerPage)
  await travellerPage.goto(`/es/help/booking/${booking.id}?token=${encodeURIComponent(booking.manageToken)}`)
  await expect(travellerPage.locator(`a[href="${opinionUrl}"]`)).toBeVisible()
  await expect(travellerPage.getByText('Presenta el reclamo formal y guarda cada respuesta de la aerolínea.')).toBeVisible()
  await expect(travellerPage.getByText('Envía el formulario de reclamo')).toBeVisible()
  await expectAccessible(travellerPage, 'traveller: booking page with the case')
  await Promise.all([anaContext.close(), rosaContext.close(), travellerContext.close()])
})

test('the console is private: noindex from the server, a sign-in door, and no entry without a team role', async ({ page, request, baseURL }) => {
  for (const path of ['/staff', '/es/staff', '/pt/staff/cases']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex">')
  }
  await answerConsentUpFront(page)
  // A traveller's account, signed in, is told the area is for the team (403 not_staff).
  const noErrors = watchConsoleExcept(page, [/status of 403/])
  await page.goto('/pt/staff')
  await expect(page.getByRole('heading', { level: 1, name: staff('pt', 'gate.signInTitle') })).toBeVisible()
  await expectAccessible(page, 'door: signed out')
  const email = uniqueEmail('joao.viajante')
  await teamMember(request, baseURL!, email, PASSWORD, ['João', 'Silva'], [])
  await signInFromHome(page, 'pt', email, PASSWORD)
  await page.goto('/pt/staff/opinions')
  await expect(page.getByRole('heading', { level: 1, name: staff('pt', 'gate.notStaffTitle') })).toBeVisible()
  await expectAccessible(page, 'door: not on the team')
  noErrors()

  // A consultant without two-step verification is asked to set it up (403 insufficient_aal).
  const consultant = uniqueEmail('bia.consultora')
  await teamMember(request, baseURL!, consultant, PASSWORD, ['Bia', 'Costa'], ['consultant'], { enrol: false })
  const second = await page.context().browser()!.newContext()
  const bia = await second.newPage()
  await answerConsentUpFront(bia)
  await signInFromHome(bia, 'pt', consultant, PASSWORD)
  await bia.goto('/pt/staff')
  await expect(bia.getByRole('heading', { level: 1, name: staff('pt', 'gate.aalTitle') })).toBeVisible()
  await expect(bia.getByText(staff('pt', 'gate.aalSetUpText'))).toBeVisible()
  await expectAccessible(bia, 'door: two-step verification needed')
  await second.close()
})
