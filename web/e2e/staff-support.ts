import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { auth, createConfirmedAccount, dialog, openLoginDialog, signIn } from './auth-support'
import { localized, text, type Lang } from './support'
import { Authenticator } from './totp'

// What the staff console's spec seeds, all through the real binary: accounts (sign-up and the
// mailed link), roles (the `rumbo staff grant` command on the e2e server's database, as an
// operator would give the first admin), a consultant (the admin's POST /staff/consultants) and a
// paid booking (the public booking API with the sandbox's test card).

/** The words of the `staff` namespace, read from the app's own locale files. */
export const staff = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'staff', key, vars)

/** `rumbo staff grant EMAIL ROLE` against the e2e server's database (playwright.config.ts's E2E_DATA_DIR). */
export function grantRole(email: string, role: 'consultant' | 'admin', baseURL: string): void {
  const bin = process.env.RUMBO_BIN ?? resolve(import.meta.dirname, '../../target/release/rumbo')
  const env = { ...process.env, DATABASE_URL: `sqlite://${process.env.E2E_DATA_DIR}/rumbo.db`, SITE_URL: baseURL, RUMBO_ENV: 'development' }
  const printed = execFileSync(bin, ['staff', 'grant', email, role], { env }).toString()
  expect(printed, `rumbo staff grant ${email} ${role}`).toContain(role)
}

/** A team member: their access token (at aal2 once enrolled) and their authenticator app. */
export interface Member {
  token: string
  app: Authenticator | null
}

/**
 * A confirmed account given `roles`. Team members then turn on two-step verification (the e2e
 * server requires it of staff, STAFF_REQUIRE_MFA), so the token answered is of an aal2 session.
 */
export async function teamMember(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
  name: [string, string],
  roles: ('consultant' | 'admin')[],
  { enrol = roles.length > 0 }: { enrol?: boolean } = {},
): Promise<Member> {
  await createConfirmedAccount(request, email, password, { first_name: name[0], last_name: name[1] })
  for (const role of roles) grantRole(email, role, baseURL)
  const session = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } })
  expect(session.ok(), `sign-in of ${email}: ${session.status()} ${await session.text()}`).toBe(true)
  const token = ((await session.json()) as { access_token: string }).access_token
  return enrol ? enrolTotp(request, token) : { token, app: null }
}

/** Turns on TOTP through the auth API (enrol, challenge, verify): the verified session is aal2. */
async function enrolTotp(request: APIRequestContext, token: string): Promise<Member> {
  const enrolled = await request.post('/auth/v1/factors', { headers: bearer(token), data: { factor_type: 'totp', friendly_name: 'Phone' } })
  expect(enrolled.ok(), await enrolled.text()).toBe(true)
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } }
  const app = new Authenticator(factor.totp.secret)
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers: bearer(token) })
  expect(challenge.ok(), await challenge.text()).toBe(true)
  const challengeId = ((await challenge.json()) as { id: string }).id
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers: bearer(token),
    data: { challenge_id: challengeId, code: await app.code() },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  return { token: ((await verified.json()) as { access_token: string }).access_token, app }
}

/** Signs in through the login dialog on `lang`'s home page, with the app's code after the password. */
export async function signInWithCode(page: Page, lang: Lang, email: string, password: string, app: Authenticator) {
  await page.goto(localized(lang, '/'))
  await openLoginDialog(page, lang)
  await dialog(page).getByRole('button', { name: auth(lang, 'options.signIn') }).click()
  await signIn(page, lang, email, password)
  const code = dialog(page).getByLabel(auth(lang, 'mfa.codeLabel'))
  await code.fill(await app.code())
  await dialog(page).getByRole('button', { name: auth(lang, 'mfa.submit'), exact: true }).click()
  await expect(page.locator('#toasts')).toContainText(auth(lang, 'welcome_back'))
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The admin makes `email` a consultant (Spanish and English, Bogotá, the default hours); answers its id. */
export async function addConsultant(request: APIRequestContext, adminToken: string, email: string, name: string): Promise<string> {
  const response = await request.post('/api/v1/staff/consultants', {
    headers: bearer(adminToken),
    data: { email, name, time_zone: 'America/Bogota', weekly_hours: 'mon-fri 09:00-17:00', languages: ['es', 'en'] },
  })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { id: string }).id
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

export interface PaidBooking {
  id: string
  start: string
  manageToken: string
}

/**
 * A Spanish-speaking traveller's paid Essential consultation, booked as the help page would:
 * the last free time of a week about three weeks ahead (away from the other specs' early
 * times), with the traveller's zone, then paid with the sandbox's 4242 card.
 */
export async function bookAndPay(request: APIRequestContext, traveller: { name: string; email: string }): Promise<PaidBooking> {
  const from = new Date(Date.now() + 20 * 86_400_000)
  const to = new Date(from.getTime() + 6 * 86_400_000)
  const slots = await request.get(`/api/v1/consultations/slots?plan=essential&from=${isoDay(from)}&to=${isoDay(to)}&lang=es`)
  expect(slots.ok()).toBe(true)
  const free = ((await slots.json()) as { slots: { start: string }[] }).slots
  expect(free.length, 'free times three weeks ahead').toBeGreaterThan(0)
  const start = free.at(-1)!.start
  const hold = await request.post('/api/v1/consultations/bookings', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      plan: 'essential',
      slot_start: start,
      name: traveller.name,
      email: traveller.email,
      country: 'ES',
      language: 'es',
      message: 'Perdieron mi maleta en Lima y la aerolínea no responde a mis reclamos.',
      time_zone: 'Europe/Madrid',
    },
  })
  expect(hold.status(), await hold.text()).toBe(201)
  const booking = (await hold.json()) as { id: string; access_token: string }
  const paid = await request.post(`/api/v1/consultations/bookings/${booking.id}/payment`, {
    headers: { 'X-Booking-Token': booking.access_token },
    data: { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', cardholder_name: traveller.name },
  })
  expect(paid.ok(), await paid.text()).toBe(true)
  expect(((await paid.json()) as { status: string }).status).toBe('confirmed')
  return { id: booking.id, start, manageToken: booking.access_token }
}

/** The calendar day of an instant in a zone, "YYYY-MM-DD" (the agenda's `?day=`). */
export function dayIn(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant))
}
