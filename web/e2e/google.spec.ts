import { expect, test, type Page } from '@playwright/test'
import { oidcBaseURL } from '../playwright.config'
import { accountMenu, auth, createConfirmedAccount, dialog, expectAccessible, openLoginDialog, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail } from './mailbox'
import { answerConsentUpFront, localized, text, type Lang } from './support'

// Google sign-in in the browser, in Spanish, against the fake OpenID provider that
// playwright.config.ts starts (e2e/fake-oidc.mjs): the login dialog's button, the provider's
// consent page, the way back (GET /auth/v1/callback, then the session in the address), and
// the account page's connected accounts (linking and unlinking while signed in).
const LANG: Lang = 'es'
const PASSWORD = 'Viaje-2026!'
const account = (key: string, vars: Record<string, string> = {}) => text(LANG, 'account', key, vars)

// The fake provider's consent page (English, as the provider's own page would be in its language).
const consentHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Rumbo as Gina Gómez' })
const googleEmail = (page: Page) => page.getByLabel('Google account e-mail')
const connected = (page: Page) => page.getByRole('region', { name: account('identities.heading'), exact: true })

/** From the login dialog to the provider's consent page; answers the address Gina signs in with. */
async function continueWithGoogle(page: Page, baseURL: string): Promise<string> {
  await openLoginDialog(page, LANG)
  await dialog(page).getByRole('button', { name: auth(LANG, 'options.google') }).click()
  await expect(consentHeading(page)).toBeVisible()
  // What our server asked of the provider (GET /auth/v1/authorize → 303): the code flow with PKCE.
  const asked = new URL(page.url())
  expect(asked.origin + asked.pathname).toBe(`${oidcBaseURL}/authorize`)
  expect(asked.searchParams.get('redirect_uri')).toBe(`${baseURL}/auth/v1/callback`)
  expect(asked.searchParams.get('response_type')).toBe('code')
  expect(asked.searchParams.get('scope')?.split(' ')).toContain('openid')
  expect(asked.searchParams.get('code_challenge_method')).toBe('S256')
  for (const name of ['state', 'nonce', 'code_challenge']) expect(asked.searchParams.get(name), name).toBeTruthy()
  await expect(page).toHaveTitle('Sign in – Fake Google')
  expect(await page.locator('html').getAttribute('lang')).toBe('en')
  return googleEmail(page).inputValue()
}

const consent = (page: Page) => page.getByRole('button', { name: 'Continue as Gina' }).click()

test.beforeEach(async ({ page }) => answerConsentUpFront(page))

test('signing in with Google in Spanish: the consent page, back signed in, and Google among the connected accounts', async ({ page, baseURL }) => {
  test.setTimeout(60_000)
  const noErrors = watchConsoleExcept(page, [])
  await page.goto(localized(LANG, '/'))
  const email = await continueWithGoogle(page, baseURL!)
  await consent(page)

  // Back on the Spanish home page; auth-js took the session from the address and cleared it.
  await expect(page).toHaveURL(`${baseURL}/es`)
  const menu = accountMenu(page, LANG, 'Gina Gómez')
  await expect(menu).toBeVisible()
  await menu.click()
  await expect(page.getByRole('banner').getByText(email)).toBeVisible()

  await page.goto(localized(LANG, '/account'))
  const rows = connected(page).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(account('identities.google'))
  await expect(rows).toContainText(email)
  // Google is the only way into this account: nothing to disconnect, nothing to connect.
  await expect(connected(page).getByRole('button')).toHaveCount(0)
  await expectAccessible(page, 'account: signed in with Google')
  noErrors()
})

test('an account with a password connects Google on the account page and disconnects it; a Google account that has its own is refused', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const noErrors = watchConsoleExcept(page, [])
  // Someone who signed up with Google, in another browser.
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await answerConsentUpFront(other)
  await other.goto(localized(LANG, '/'))
  const taken = await continueWithGoogle(other, baseURL!)
  await consent(other)
  await expect(accountMenu(other, LANG, 'Gina Gómez')).toBeVisible()
  await elsewhere.close()

  const email = uniqueEmail('pablo.link')
  await createConfirmedAccount(request, email, PASSWORD, { first_name: 'Pablo', last_name: 'Ruiz', lang: LANG })
  await signInFromHome(page, LANG, email, PASSWORD)
  await page.goto(localized(LANG, '/account'))
  const rows = connected(page).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(account('identities.email'))
  await expectAccessible(page, 'account: connected accounts')

  // That Google account already has its Rumbo account: the way back says so, and nothing changes.
  await connected(page).getByRole('button', { name: account('identities.connectGoogle'), exact: true }).click()
  await expect(consentHeading(page)).toBeVisible()
  await googleEmail(page).fill(taken)
  await consent(page)
  await expect(page).toHaveURL(`${baseURL}/es/account`)
  await expect(page.locator('#toasts')).toContainText(auth(LANG, 'errors.identity_already_exists'))
  await expect(accountMenu(page, LANG, 'Pablo Ruiz')).toBeVisible()
  await expect(rows).toHaveCount(1)

  // A Google account of Pablo's own: linked, back on this page, listed.
  await connected(page).getByRole('button', { name: account('identities.connectGoogle'), exact: true }).click()
  await expect(consentHeading(page)).toBeVisible()
  const own = await googleEmail(page).inputValue()
  await consent(page)
  await expect(page).toHaveURL(`${baseURL}/es/account`)
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: account('identities.google') })).toContainText(own)
  await expect(connected(page).getByRole('button', { name: account('identities.connectGoogle'), exact: true })).toHaveCount(0)

  // Disconnected again: the e-mail remains, and the outcome takes the focus.
  await connected(page).getByRole('button', { name: account('identities.disconnectLabel', { provider: account('identities.google') }) }).click()
  const outcome = connected(page).getByRole('status')
  await expect(outcome).toHaveText(account('identities.disconnected', { provider: account('identities.google') }))
  await expect(outcome).toBeFocused()
  await expect(rows).toHaveCount(1)
  await expect(connected(page).getByRole('button', { name: account('identities.connectGoogle'), exact: true })).toBeVisible()
  noErrors()
})

test('an address Google has not verified does not get in, and the reason is said in Spanish', async ({ page, baseURL }) => {
  await page.goto(localized(LANG, '/'))
  await continueWithGoogle(page, baseURL!)
  await page.getByLabel('Google verified this address').uncheck()
  await consent(page)
  await expect(page).toHaveURL(`${baseURL}/es`)
  await expect(page.locator('#toasts')).toContainText(auth(LANG, 'errors.provider_email_needs_verification'))
  await expect(page.getByRole('banner').getByRole('button', { name: text(LANG, 'common', 'login.button') })).toBeVisible()
})
