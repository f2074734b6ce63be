import { deflateSync } from 'node:zlib'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { accountMenu, auth, createConfirmedAccount, expectAccessible, signInFromHome, watchConsoleExcept } from './auth-support'
import { uniqueEmail, verifyLink, waitForMail } from './mailbox'
import { localized } from './support'

// The profile card's photo and the 'E-mail address' section of the account page, in Spanish,
// against the release binary: the server re-encodes the upload to a 256 px JPEG, and the
// e-mail change needs the links mailed to both addresses.
const PASSWORD = 'Viaje-2026!'
const NAME = 'Lucía Pérez'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A landscape RGB PNG (a gradient), so the server has something to crop and scale. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1) // each row starts with filter type 0
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, 128, (y * 255) / height], row + 1 + x * 3)
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

const profileCard = (page: Page) => page.getByRole('region', { name: auth('es', 'account.profile.heading'), exact: true })
const emailSection = (page: Page) => page.getByRole('region', { name: auth('es', 'account.emailChange.heading'), exact: true })

/** The picture's intrinsic width once it has loaded (0 while it has not). */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))

test('in Spanish: a PNG becomes the 256 px profile photo here and in the header, then goes away again', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000)
  const noErrors = watchConsoleExcept(page, [])
  const email = uniqueEmail('profile.photo')
  await createConfirmedAccount(request, email, PASSWORD, { first_name: 'Lucía', last_name: 'Pérez', lang: 'es' })
  await signInFromHome(page, 'es', email, PASSWORD)
  await page.goto(localized('es', '/account'))

  const card = profileCard(page)
  const add = card.getByLabel(auth('es', 'account.photo.add'), { exact: true })
  await expect(add).toHaveAttribute('type', 'file')
  await expect(add).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp')
  await expect(card.locator('img')).toHaveCount(0)

  // Refused in the browser, before any request.
  const uploads: string[] = []
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/v1/profile/avatar')) uploads.push(sent.method())
  })
  await add.setInputFiles({ name: 'plano.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(card.getByRole('status').filter({ hasText: auth('es', 'account.photo.unsupported') })).toBeVisible()
  expect(uploads).toEqual([])

  await add.setInputFiles({ name: 'playa.png', mimeType: 'image/png', buffer: makePng(480, 320) })
  await expect(card.getByRole('status').filter({ hasText: auth('es', 'account.photo.uploaded') })).toBeVisible()
  expect(uploads).toEqual(['POST'])
  const photo = card.locator('img')
  await expect(photo).toHaveAttribute('src', new RegExp(`^${baseURL}/media/avatars/[0-9a-f]{32}\\.jpg$`))
  await expect.poll(() => naturalWidth(photo)).toBe(256)
  await expect(photo).toHaveAttribute('width', '96')

  // The header's avatar menu reads the same profile: no reload needed.
  const menu = accountMenu(page, 'es', NAME)
  await expect(menu.locator('img')).toHaveAttribute('src', (await photo.getAttribute('src'))!)
  await expect.poll(() => naturalWidth(menu.locator('img'))).toBe(256)
  await expectAccessible(page, 'account: with a photo')

  // And after a reload, from the server.
  await page.reload()
  await expect.poll(() => naturalWidth(profileCard(page).locator('img'))).toBe(256)

  await profileCard(page).getByRole('button', { name: auth('es', 'account.photo.remove') }).click()
  await expect(profileCard(page).getByRole('status').filter({ hasText: auth('es', 'account.photo.removed') })).toBeVisible()
  await expect(profileCard(page).locator('img')).toHaveCount(0)
  await expect(menu.locator('img')).toHaveCount(0)
  await expect(menu).toContainText('LP')
  await expect(profileCard(page).getByLabel(auth('es', 'account.photo.add'), { exact: true })).toBeAttached()
  noErrors()
})

test('in Spanish: the e-mail address changes once the links mailed to both addresses are opened', async ({ page, request }) => {
  test.setTimeout(60_000)
  const noErrors = watchConsoleExcept(page, [])
  const email = uniqueEmail('email.change.old')
  const newEmail = uniqueEmail('email.change.new')
  await createConfirmedAccount(request, email, PASSWORD, { first_name: 'Lucía', last_name: 'Pérez', lang: 'es' })
  await signInFromHome(page, 'es', email, PASSWORD)
  await page.goto(localized('es', '/account'))

  const section = emailSection(page)
  await expect(section).toContainText(auth('es', 'account.emailChange.current', { email }))
  await section.getByLabel(auth('es', 'account.emailChange.label')).fill(newEmail)
  await section.getByRole('button', { name: auth('es', 'account.emailChange.submit') }).click()
  await expect(section.getByRole('status')).toContainText(auth('es', 'account.emailChange.pending', { newEmail }))
  await expect(section.getByRole('status')).toContainText(auth('es', 'account.emailChange.sent', { email, newEmail }))
  await expectAccessible(page, 'account: e-mail change pending')

  // Both addresses get the mail, in Spanish, each with its own link.
  const toCurrent = await waitForMail(request, email, 'email_change')
  const toNew = await waitForMail(request, newEmail, 'email_change')
  expect([toCurrent.lang, toNew.lang]).toEqual(['es', 'es'])
  expect(verifyLink(toCurrent)).not.toBe(verifyLink(toNew))

  // After a reload the change is still said to be waiting.
  await page.reload()
  await expect(emailSection(page).getByRole('status')).toContainText(auth('es', 'account.emailChange.pending', { newEmail }))

  // The first link: back on the account page, told to open the other one.
  await page.goto(verifyLink(toCurrent))
  await expect(page).toHaveURL(/\/es\/account$/)
  await expect(page.locator('#toasts')).toContainText(auth('es', 'link.emailChangeHalf'))

  // The second one finishes the change.
  await page.goto(verifyLink(toNew))
  await expect(page).toHaveURL(/\/es\/account$/)
  await expect(page.locator('#toasts')).toContainText(auth('es', 'link.emailChanged'))
  await expect(emailSection(page)).toContainText(auth('es', 'account.emailChange.current', { email: newEmail }))
  await expect(emailSection(page).getByRole('status')).toHaveText('')
  await expectAccessible(page, 'account: e-mail changed')

  const signIn = await request.post('/auth/v1/token?grant_type=password', { data: { email: newEmail, password: PASSWORD } })
  expect(signIn.status()).toBe(200)
  noErrors()
})
