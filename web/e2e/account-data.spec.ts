import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { accountMenu, auth, dialog, expectAccessible, fillSignUp, openLoginDialog, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail, verifyLink, waitForMail } from './mailbox'
import { answerConsentUpFront, localized, text, type Lang } from './support'

// The account page's devices, data download and deletion, in Portuguese, against the release
// binary: two browsers signed in, one signed out from the other; the data file; then the
// account deleted with its password, and what follows (home, the toast, the mail, no sign-in).
const LANG: Lang = 'pt'
const PASSWORD = 'Viagem-2026!'
const account = (key: string, vars: Record<string, string> = {}) => text(LANG, 'account', key, vars)
const apiError = (code: string) => text(LANG, 'errors', `codes.${code}`)

const region = (page: Page, key: string) => page.getByRole('region', { name: account(key), exact: true })

interface StoredSession {
  access_token: string
  refresh_token: string
}
const storedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('rumbo:auth') ?? 'null') as StoredSession)
/** A call of the site API from that browser, with its own token: the status it gets. */
const devicesStatus = (page: Page, token: string) =>
  page.evaluate(async (bearer) => (await fetch('/api/v1/account/sessions', { headers: { Authorization: `Bearer ${bearer}` } })).status, token)

test('em português: two devices, the other one signed out from here; my data downloaded; the account deleted with the password', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await answerConsentUpFront(page)
  // A wrong password is refused with 422; once deleted, signing out and the header's last reads
  // meet a token whose user is gone (401/403/404): the browser reports each in the console.
  const noErrors = watchConsoleExcept(page, [/status of 422/, /status of 40[134]/])
  const email = uniqueEmail('joana.dados')
  const name = 'Joana Silva'

  // Sign up, and confirm by the mailed link, which signs this browser in.
  await page.goto(localized(LANG, '/'))
  await openLoginDialog(page, LANG)
  await dialog(page).getByRole('button', { name: auth(LANG, 'options.email') }).click()
  await fillSignUp(page, LANG, { firstName: 'Joana', lastName: 'Silva', country: 'Brasil', email, confirmEmail: email, password: PASSWORD })
  await dialog(page).getByRole('button', { name: auth(LANG, 'signup.submit') }).click()
  await expect(page.locator('#toasts')).toContainText(auth(LANG, 'account_created'))
  await page.goto(verifyLink(await waitForMail(request, email, 'confirm_signup')))
  await expect(page.locator('#toasts')).toContainText(auth(LANG, 'link.emailConfirmed'))
  await expect(accountMenu(page, LANG, name)).toBeVisible()

  // A second browser signs in with the password.
  const elsewhere = await browser.newContext()
  const second = await elsewhere.newPage()
  await answerConsentUpFront(second)
  await signInFromHome(second, LANG, email, PASSWORD)
  const secondSession = await storedSession(second)
  expect(await devicesStatus(second, secondSession.access_token)).toBe(200)

  // The account page lists both; this one is marked and has no button of its own.
  await page.goto(localized(LANG, '/account'))
  const devices = region(page, 'devices.heading')
  const rows = devices.getByRole('listitem')
  await expect(rows).toHaveCount(2)
  const here = rows.filter({ hasText: account('devices.current') })
  await expect(here).toHaveCount(1)
  await expect(here).toContainText(account('devices.activeNow'))
  await expect(here.getByRole('button')).toHaveCount(0)
  for (const key of ['identities.heading', 'data.heading', 'delete.heading']) await expect(region(page, key)).toBeVisible()
  await expectAccessible(page, 'account: devices, connected accounts, data, deletion')

  // Sign the other one out from here: its next call to the API is refused, and so is its refresh.
  const there = rows.filter({ hasNotText: account('devices.current') })
  await expect(there.getByRole('button')).toHaveAccessibleName(new RegExp(`^${account('devices.signOutLabel', { device: '' }).trim()} `))
  await there.getByRole('button').click()
  const outcome = devices.getByRole('status')
  await expect(outcome).toContainText(account('devices.signedOut', { device: '' }).trim())
  await expect(outcome).toBeFocused()
  await expect(rows).toHaveCount(1)
  await expect(devices.getByRole('button', { name: account('devices.signOutOthers') })).toHaveCount(0)
  expect(await devicesStatus(second, secondSession.access_token)).toBe(403)
  const refreshed = await request.post('/auth/v1/token?grant_type=refresh_token', { data: { refresh_token: secondSession.refresh_token } })
  expect(refreshed.ok(), 'the signed-out device keeps no session').toBe(false)
  await elsewhere.close()

  // My data: the server's JSON file, with my address in it.
  const data = region(page, 'data.heading')
  const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: account('data.download') }).click()])
  expect(download.suggestedFilename()).toMatch(/^rumbo-my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { account: { email: string }; sessions: unknown[] }
  expect(file.account.email).toBe(email)
  expect(file.sessions).toHaveLength(1)
  await expect(data.getByRole('status')).toContainText(download.suggestedFilename())

  // Delete: the panel says what goes and what stays, and asks for the password.
  const deletion = region(page, 'delete.heading')
  await deletion.getByRole('button', { name: account('delete.start') }).click()
  await expect(deletion.getByRole('heading', { name: account('delete.panelHeading') })).toBeFocused()
  await expect(deletion.getByText(account('delete.kept'))).toBeVisible()
  await expect(deletion.getByText(account('delete.mail', { email }))).toBeVisible()
  await expectAccessible(page, 'account: deletion panel')
  const password = deletion.getByLabel(account('delete.passwordLabel'), { exact: true })
  await password.fill('not-the-password')
  await deletion.getByRole('button', { name: account('delete.submit') }).click()
  await expect(deletion.getByText(apiError('reauthentication_failed'))).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toBeFocused()
  await expectAccessible(page, 'account: deletion refused')

  await password.fill(PASSWORD)
  await deletion.getByRole('button', { name: account('delete.submit') }).click()
  await expect(page).toHaveURL(`${baseURL}/pt`)
  await expect(page.locator('#toasts')).toContainText(account('delete.done'))
  await expect(page.getByRole('banner').getByRole('button', { name: text(LANG, 'common', 'login.button') })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('rumbo:auth'))).toBeNull()

  // Gone: the password opens nothing, and the confirmation went out in Portuguese.
  const signIn = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } })
  expect(signIn.status()).toBe(400)
  const mail = await waitForMail(request, email, 'account_deleted')
  expect(mail.lang).toBe(LANG)
  noErrors()
})
