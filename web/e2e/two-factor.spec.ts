import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { accountMenu, auth, createConfirmedAccount, dialog, expectAccessible, openLoginDialog, signIn, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail } from './mailbox'
import { answerConsentUpFront, localized, text, type Lang } from './support'
import { Authenticator } from './totp'

// Two-step verification (TOTP) against the release binary, in Spanish: set up on the account
// page, the recovery codes, then signing in with the app's code and with a recovery code.
const PASSWORD = 'Viaje-2026!'
const LANG: Lang = 'es'
const t = (key: string, vars: Record<string, string> = {}) => auth(LANG, key, vars)

const section = (page: Page) => page.getByRole('region', { name: t('twoFactor.heading'), exact: true })
const mfaTitle = (page: Page) => dialog(page).getByRole('heading', { name: t('dialog.titles.mfa') })

async function signOut(page: Page, name: string) {
  await accountMenu(page, LANG, name).click()
  // The menu's: the account page's devices have their own 'Cerrar sesión en …' buttons.
  await page.getByRole('banner').getByRole('button', { name: t('menu.signOut'), exact: true }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: text(LANG, 'common', 'login.button') })).toBeVisible()
}

/** The password, in the dialog opened from the home page: the dialog then asks for the second step. */
async function signInWithPassword(page: Page, email: string) {
  await page.goto(localized(LANG, '/'))
  await openLoginDialog(page, LANG)
  await dialog(page).getByRole('button', { name: t('options.signIn') }).click()
  await signIn(page, LANG, email, PASSWORD)
  await expect(mfaTitle(page)).toBeVisible()
}

test('two-step verification in Spanish: set up with the app, recovery codes once, sign in with a code and with a recovery code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  await answerConsentUpFront(page)
  // A wrong code is refused with 422, which the browser also reports in the console.
  const noErrors = watchConsoleExcept(page, [/status of 422/])
  const email = uniqueEmail('marta.2fa')
  const name = 'Marta Gómez'
  await createConfirmedAccount(request, email, PASSWORD, { first_name: 'Marta', last_name: 'Gómez', lang: LANG })
  await signInFromHome(page, LANG, email, PASSWORD)

  // The account page: off, then set up.
  await page.goto(localized(LANG, '/account'))
  await expect(section(page)).toContainText(t('twoFactor.off'))
  await expectAccessible(page, 'account: two-step verification off')
  await section(page).getByRole('button', { name: t('twoFactor.setUp') }).click()

  await expect(section(page).getByRole('heading', { name: t('twoFactor.setup.heading') })).toBeFocused()
  const qr = section(page).getByRole('img', { name: t('twoFactor.setup.qrAlt') })
  await expect(qr).toHaveAttribute('width', '200')
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'the QR code shows' }).toBe(true)
  const secret = ((await section(page).locator('code').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/)
  const app = new Authenticator(secret)
  await expectAccessible(page, 'account: two-step setup')

  const setupCode = section(page).getByLabel(t('mfa.codeLabel'))
  await expect(setupCode).toHaveAttribute('inputmode', 'numeric')
  await expect(setupCode).toHaveAttribute('autocomplete', 'one-time-code')
  await setupCode.fill(await app.code())
  await section(page).getByRole('button', { name: t('twoFactor.setup.confirm'), exact: true }).click()

  // The recovery codes, this once: ten of them, downloadable.
  await expect(section(page).getByRole('heading', { name: t('twoFactor.codes.heading') })).toBeFocused()
  await expect(section(page).getByText(t('twoFactor.enabled'))).toBeVisible()
  await expect(section(page).getByText(t('twoFactor.codes.warning'))).toBeVisible()
  const list = section(page).getByRole('list', { name: t('twoFactor.codes.listLabel') })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
  expect(new Set(codes).size).toBe(10)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section(page).getByRole('button', { name: t('twoFactor.codes.download') }).click(),
  ])
  expect(download.suggestedFilename()).toBe(t('twoFactor.codes.fileName'))
  const saved = readFileSync(await download.path(), 'utf8')
  for (const code of codes) expect(saved).toContain(code)
  await expectAccessible(page, 'account: recovery codes')
  await section(page).getByRole('button', { name: t('twoFactor.codes.done') }).click()
  await expect(section(page).getByText(t('twoFactor.on'), { exact: true })).toBeVisible()
  await expect(section(page).getByText(t('twoFactor.codes.left', { number: '10' }))).toBeVisible()
  await expect(list).toBeHidden()
  await expectAccessible(page, 'account: two-step verification on')

  // Signing in again: after the password, the dialog asks for the app's code.
  await signOut(page, name)
  await signInWithPassword(page, email)
  const code = dialog(page).getByLabel(t('mfa.codeLabel'))
  await expect(code).toBeFocused()
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expectAccessible(page, 'dialog: two-step verification')
  await code.fill(app.wrongCode())
  await dialog(page).getByRole('button', { name: t('mfa.submit'), exact: true }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText(t('errors.mfa_verification_failed'))
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(code).toBeFocused()
  await expectAccessible(page, 'dialog: wrong code')
  await code.fill(await app.code())
  await dialog(page).getByRole('button', { name: t('mfa.submit'), exact: true }).click()
  await expect(page).toHaveURL(`${baseURL}${localized(LANG, '/')}`)
  await expect(page.locator('#toasts')).toContainText(t('welcome_back'))
  await expect(accountMenu(page, LANG, name)).toBeVisible()

  // Half signed in (the password only), the account page asks for the step instead; a
  // recovery code completes it, once.
  await signOut(page, name)
  await signInWithPassword(page, email)
  await page.goto(localized(LANG, '/account'))
  await expect(mfaTitle(page)).toBeVisible() // the page's new start asks again
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  const prompt = page.getByRole('heading', { name: t('mfa.promptTitle') })
  await expect(prompt).toBeVisible()
  await expect(section(page)).toBeHidden()
  await page.getByRole('button', { name: t('mfa.promptAction') }).click()
  await expect(mfaTitle(page)).toBeVisible()
  await dialog(page).getByRole('button', { name: t('mfa.useRecovery') }).click()
  const recovery = dialog(page).getByLabel(t('mfa.recoveryLabel'))
  await expect(recovery).toBeFocused()
  await expectAccessible(page, 'dialog: recovery code')
  await recovery.fill(codes[0]!)
  await dialog(page).getByRole('button', { name: t('mfa.submit'), exact: true }).click()
  await expect(page.locator('#toasts')).toContainText(t('welcome_back'))
  await expect(accountMenu(page, LANG, name)).toBeVisible()
  await page.goto(localized(LANG, '/account'))
  await expect(section(page).getByText(t('twoFactor.codes.left', { number: '9' }))).toBeVisible()
  noErrors()
})
