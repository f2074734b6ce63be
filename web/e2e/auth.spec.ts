import { expect, test } from '@playwright/test'
import { accountMenu, auth, dialog, expectAccessible, fillSignUp, home, openLoginDialog, signIn, watchConsoleExcept } from './auth-support'
import { uniqueEmail, verifyLink, waitForMail } from './mailbox'
import { answerConsentUpFront, localized, text } from './support'

const PASSWORD = 'Viaje-2026!'

test('sign up in Spanish, confirm by e-mail, sign in, stay signed in, and sign out in every tab', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await answerConsentUpFront(page)
  const noErrors = watchConsoleExcept(page, [/status of 400/])
  const email = uniqueEmail('lucia')

  // Sign up (docs/product.md#sign-up): the country list speaks Spanish, the stored value is English.
  await page.goto('/es')
  await openLoginDialog(page, 'es')
  await expectAccessible(page, 'dialog: options')
  await dialog(page).getByRole('button', { name: auth('es', 'options.email') }).click()
  await expect(dialog(page).getByRole('heading', { name: auth('es', 'dialog.titles.signup') })).toBeVisible()
  await expectAccessible(page, 'dialog: signup')
  await fillSignUp(page, 'es', { firstName: 'Lucía', lastName: 'Pérez', country: 'España', email, confirmEmail: email, password: PASSWORD })
  await dialog(page).getByRole('button', { name: auth('es', 'signup.submit') }).click()
  await expect(dialog(page)).toBeHidden()
  const toasts = page.locator('#toasts')
  await expect(toasts).toContainText(auth('es', 'account_created'))
  await expect(toasts).toContainText(auth('es', 'check_email'))

  // The confirmation mail is in Spanish and its link comes back to the Spanish home page.
  const mail = await waitForMail(request, email, 'confirm_signup')
  expect(mail.lang).toBe('es')
  const link = verifyLink(mail)
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/es`)
  await page.goto(link)
  await expect(page).toHaveURL(`${baseURL}/es`) // auth-js read the session and cleared the fragment
  await expect(toasts).toContainText(auth('es', 'link.emailConfirmed'))
  // The link signs the new user in; sign out to sign in with the password.
  await accountMenu(page, 'es', 'Lucía Pérez').click()
  await page.getByRole('button', { name: auth('es', 'menu.signOut') }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: text('es', 'common', 'login.button') })).toBeVisible()

  // Sign in: the page reloads at home and says welcome back.
  await page.goto('/es/help')
  await openLoginDialog(page, 'es')
  await dialog(page).getByRole('button', { name: auth('es', 'options.signIn') }).click()
  await expectAccessible(page, 'dialog: signin')
  await signIn(page, 'es', email, PASSWORD)
  await expect(page).toHaveURL(`${baseURL}/es`)
  await expect(toasts).toContainText(auth('es', 'welcome_back'))

  // The avatar menu: display name (first + last), e-mail, Settings, Sign out.
  const menu = accountMenu(page, 'es', 'Lucía Pérez')
  await menu.click()
  await expect(page.getByRole('banner').getByText(email)).toBeVisible()
  await expect(page.getByRole('link', { name: auth('es', 'menu.settings') })).toHaveAttribute('href', '/es/account')

  // A reload keeps the session.
  await page.reload()
  await expect(menu).toBeVisible()

  // A second tab: the account page shows the profile written at sign-up, and it can be edited.
  const second = await context.newPage()
  await second.goto(localized('es', '/account'))
  const lastName = second.getByLabel(auth('es', 'fields.lastName'))
  await expect(lastName).toHaveValue('Pérez')
  await expect(second.getByLabel(auth('es', 'fields.country'))).toHaveValue('Spain')
  await expectAccessible(second, 'account page')
  await lastName.fill('Pérez Gil')
  await second.getByRole('button', { name: auth('es', 'account.profile.save') }).click()
  await expect(second.getByText(auth('es', 'account.profile.saved'))).toBeVisible()
  await expect(accountMenu(second, 'es', 'Lucía Pérez Gil')).toBeVisible()

  // Signing out in the first tab signs out the second one too (auth-js's cross-tab sync).
  await page.reload()
  await accountMenu(page, 'es', 'Lucía Pérez Gil').click()
  await page.getByRole('button', { name: auth('es', 'menu.signOut') }).click()
  await expect(page).toHaveURL(`${baseURL}/es`)
  await expect(second.getByRole('heading', { name: auth('es', 'account.signedOutTitle') })).toBeVisible()
  await expect(second.getByRole('banner').getByRole('button', { name: text('es', 'common', 'login.button') })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('rumbo:auth'))).toBeNull()

  // A wrong password says so in Spanish, and the dialog stays open.
  await openLoginDialog(page, 'es')
  await dialog(page).getByRole('button', { name: auth('es', 'options.signIn') }).click()
  await signIn(page, 'es', email, 'not-the-password')
  await expect(dialog(page).getByRole('alert')).toHaveText(auth('es', 'errors.invalid_credentials'))
  noErrors()
})

test('every sign-up validation message, in Portuguese, tied to its field', async ({ page }) => {
  await answerConsentUpFront(page)
  await page.goto('/pt')
  await openLoginDialog(page, 'pt')
  await dialog(page).getByRole('button', { name: auth('pt', 'options.email') }).click()
  const submit = dialog(page).getByRole('button', { name: auth('pt', 'signup.submit') })
  const field = (key: string) => dialog(page).getByLabel(auth('pt', `fields.${key}`), { exact: true })

  await expect(field('password')).toHaveAccessibleDescription(auth('pt', 'password_requirements'))
  await submit.click()
  await expect(dialog(page).getByText(auth('pt', 'complete_all_fields'))).toBeVisible()
  await expect(field('firstName')).toHaveAttribute('aria-invalid', 'true')
  await expect(field('firstName')).toBeFocused()

  await fillSignUp(page, 'pt', {
    firstName: 'João',
    lastName: 'Silva',
    country: 'Brasil',
    email: 'joao@',
    confirmEmail: 'joao@',
    password: '123',
  })
  await submit.click()
  await expect(field('email')).toHaveAccessibleDescription(auth('pt', 'invalid_email'))
  await expect(field('password')).toHaveAccessibleDescription(`${auth('pt', 'password_requirements')} ${auth('pt', 'password_min_length', { passwordMin: '6' })}`)

  await fillSignUp(page, 'pt', { email: 'joao@example.com', confirmEmail: 'joao@example.org', password: '123456' })
  await submit.click()
  await expect(field('confirmEmail')).toHaveAccessibleDescription(auth('pt', 'emails_dont_match'))
  await expect(field('confirmEmail')).toBeFocused()
  await expect(field('password')).not.toHaveAttribute('aria-invalid', 'true')
})

test('a forgotten password is reset through the e-mailed link', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000)
  await answerConsentUpFront(page)
  const email = uniqueEmail('reset')
  // An account to recover, created and confirmed over HTTP, so this browser stays signed out.
  const signup = await request.post('/auth/v1/signup', { data: { email, password: 'first-password', data: { first_name: 'Ana' } } })
  expect(signup.ok()).toBe(true)
  const confirm = await request.get(verifyLink(await waitForMail(request, email, 'confirm_signup')), { maxRedirects: 0 })
  expect(confirm.status()).toBe(303)

  await page.goto(home('en'))
  await openLoginDialog(page, 'en')
  await dialog(page).getByRole('button', { name: auth('en', 'options.signIn') }).click()
  await dialog(page).getByLabel(auth('en', 'fields.email'), { exact: true }).fill(email)
  await dialog(page).getByRole('button', { name: auth('en', 'signin.forgot') }).click()
  await expect(dialog(page).getByRole('heading', { name: auth('en', 'dialog.titles.forgot') })).toBeVisible()
  await expectAccessible(page, 'dialog: forgot')
  await dialog(page).getByRole('button', { name: auth('en', 'forgot.submit') }).click()
  await expect(dialog(page).getByText(auth('en', 'forgot.sent', { email }))).toBeVisible()

  const link = verifyLink(await waitForMail(request, email, 'recovery'))
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/reset-password`)
  await page.goto(link)
  await expect(page).toHaveURL(`${baseURL}/reset-password`)
  await page.getByLabel(auth('en', 'fields.newPassword'), { exact: true }).fill('second-password')
  await page.getByLabel(auth('en', 'fields.confirmPassword'), { exact: true }).fill('second-password')
  await expectAccessible(page, 'reset-password page')
  await page.getByRole('button', { name: auth('en', 'reset.submit') }).click()
  await expect(page.getByText(auth('en', 'reset.done'))).toBeVisible()

  const token = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: 'second-password' } })
  expect(token.status()).toBe(200)
})

test('an expired or used link says so in the page language', async ({ page }) => {
  await answerConsentUpFront(page)
  await page.goto('/pt#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=')
  await expect(page.locator('#toasts')).toContainText(auth('pt', 'errors.otp_expired'))
  await expect(page).toHaveURL(/\/pt$/)
})
