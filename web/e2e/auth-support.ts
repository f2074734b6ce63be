import { AxeBuilder } from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { verifyLink, waitForMail } from './mailbox'
import { localized, text, type Lang } from './support'

/** The words of the `auth` namespace in `lang`, read from the app's own locale files. */
export const auth = (lang: Lang, key: string, vars: Record<string, string> = {}) => text(lang, 'auth', key, vars)

export const dialog = (page: Page) => page.getByRole('dialog')

/** Opens the login dialog from the header's 'Log In' button. */
export async function openLoginDialog(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: text(lang, 'common', 'login.button') }).click()
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page).getByRole('heading', { name: auth(lang, 'dialog.titles.options') })).toBeVisible()
}

/** Fills the sign-up view; `values` left out stay empty. */
type SignUpField = 'firstName' | 'lastName' | 'country' | 'email' | 'confirmEmail' | 'password'

export async function fillSignUp(page: Page, lang: Lang, values: Partial<Record<SignUpField, string>>) {
  const form = dialog(page)
  for (const field of ['firstName', 'lastName', 'email', 'confirmEmail', 'password'] as const) {
    const value = values[field]
    if (value !== undefined) await form.getByLabel(auth(lang, `fields.${field}`), { exact: true }).fill(value)
  }
  if (values.country) await form.getByLabel(auth(lang, 'fields.country')).selectOption({ label: values.country })
}

export async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await dialog(page).getByLabel(auth(lang, 'fields.email'), { exact: true }).fill(email)
  await dialog(page).getByLabel(auth(lang, 'fields.password'), { exact: true }).fill(password)
  await dialog(page).getByRole('button', { name: auth(lang, 'signin.submit'), exact: true }).click()
}

/** An account with a confirmed address, made over HTTP so the browser stays signed out. */
export async function createConfirmedAccount(request: APIRequestContext, email: string, password: string, data: Record<string, string>) {
  const signup = await request.post('/auth/v1/signup', { data: { email, password, data } })
  expect(signup.ok()).toBe(true)
  const confirm = await request.get(verifyLink(await waitForMail(request, email, 'confirm_signup')), { maxRedirects: 0 })
  expect(confirm.status()).toBe(303)
  // A refused link redirects too, with the error in the fragment.
  expect(confirm.headers()['location'] ?? '', `confirmation of ${email}`).not.toContain('error')
}

/** Signs in through the login dialog on `lang`'s home page; the page reloads there, signed in. */
export async function signInFromHome(page: Page, lang: Lang, email: string, password: string) {
  await page.goto(localized(lang, '/'))
  await openLoginDialog(page, lang)
  await dialog(page).getByRole('button', { name: auth(lang, 'options.signIn') }).click()
  await signIn(page, lang, email, password)
  await expect(page.locator('#toasts')).toContainText(auth(lang, 'welcome_back'))
}

/** The header's avatar menu button, named after the display name. */
export const accountMenu = (page: Page, lang: Lang, name: string) =>
  page.getByRole('banner').getByRole('button', { name: auth(lang, 'menu.label', { name }) })

/**
 * axe-core (WCAG 2.x A/AA) on the page as it is now: no serious or critical violation. `skip`:
 * selectors of what axe cannot run in, such as a frame sandboxed without scripts (axe would wait
 * for it for ever); what they hold must be checked otherwise.
 */
export async function expectAccessible(page: Page, label: string, skip: string[] = []): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of skip) axe.exclude(selector)
  const { violations } = await axe.analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([])
}

/**
 * Fails on console errors, except the HTTP error statuses a test provokes on purpose
 * (a wrong password answers 400, which the browser also reports in the console).
 */
export function watchConsoleExcept(page: Page, expected: RegExp[]): () => void {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.some((pattern) => pattern.test(`${message.text()} ${message.location().url}`))) {
      errors.push(message.text())
    }
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => expect(errors, 'console errors').toEqual([])
}

export const home = (lang: Lang) => localized(lang, '/')
