import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { GoTrueAdminApi, GoTrueClient, type SupportedStorage } from '@supabase/auth-js'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { uniqueEmail } from './mailbox'

// The calls a site moving from Supabase makes, through the official client against the release
// binary: the same statuses, codes and messages as Supabase Auth (docs/auth-api.md), including
// the "disabled" answers of what this site does not offer.

function memoryStorage(): SupportedStorage {
  const items = new Map<string, string>()
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) }
}

async function anonKey(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text()
  const block = /<script type="application\/json" id="rumbo-config">(.*?)<\/script>/s.exec(html)?.[1]
  return (JSON.parse(block ?? '{}') as { anonKey: string }).anonKey
}

/** The service_role key, as `rumbo keys` prints it for the e2e server's database. */
function serviceRoleKey(baseURL: string): string {
  const bin = process.env.RUMBO_BIN ?? resolve(import.meta.dirname, '../../target/release/rumbo')
  const env = { ...process.env, DATABASE_URL: `sqlite://${process.env.E2E_DATA_DIR}/rumbo.db`, SITE_URL: baseURL, RUMBO_ENV: 'development' }
  const printed = execFileSync(bin, ['keys'], { env }).toString()
  const key = /service_role key[^\n]*\n(\S+)/.exec(printed)?.[1]
  if (!key) throw new Error(`rumbo keys printed no service_role key: ${printed}`)
  return key
}

async function client(request: APIRequestContext, baseURL: string): Promise<GoTrueClient> {
  const key = await anonKey(request)
  return new GoTrueClient({
    url: `${baseURL}/auth/v1`,
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    storage: memoryStorage(),
    storageKey: 'contract',
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
  })
}

test('auth-js admin: listUsers without arguments, bad pages refused, users created and deleted', async ({ baseURL }) => {
  const key = serviceRoleKey(baseURL!)
  const admin = new GoTrueAdminApi({ url: `${baseURL}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` } })
  const all = await admin.listUsers()
  expect(all.error).toBeNull()
  expect(Array.isArray(all.data.users)).toBe(true)
  const bad = await admin.listUsers({ page: -1 })
  expect(bad.error?.status).toBe(400)
  expect(bad.error?.message).toContain('Bad Pagination Parameters')

  const email = uniqueEmail('admin-contract')
  const created = await admin.createUser({ email, password: 'contract-pass-1', email_confirm: true })
  expect(created.error).toBeNull()
  const factors = await admin.mfa.listFactors({ userId: created.data.user!.id })
  expect(factors.error).toBeNull()
  expect(factors.data?.factors).toEqual([])
  expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull()
})

test('auth-js: session-less calls, identities, and what this site does not offer', async ({ request, baseURL }) => {
  const auth = await client(request, baseURL!)

  const verify = await auth.verifyOtp({} as never)
  expect(verify.error?.message).toBe('Verify requires a verification type')
  expect((await auth.reauthenticate()).error?.name).toBe('AuthSessionMissingError')
  // Without a session auth-js sends the anon key: a token of nobody, refused as GoTrue does.
  const unsignedLink = await auth.linkIdentity({ provider: 'google' })
  expect(unsignedLink.error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' })

  const anonymous = await auth.signInAnonymously()
  expect(anonymous.error?.code).toBe('anonymous_provider_disabled')
  const phone = await auth.signInWithOtp({ phone: '+351912345678' })
  expect(phone.error?.code).toBe('phone_provider_disabled')
  const sso = await auth.signInWithSSO({ domain: 'example.com' })
  expect(sso.error?.code).toBe('saml_provider_disabled')
  const apple = await auth.signInWithIdToken({ provider: 'apple', token: 'not.a.token' })
  expect(apple.error?.code).toBe('provider_disabled')
  expect(apple.error?.message).toBe('Provider (issuer "https://appleid.apple.com") is not enabled')

  const email = uniqueEmail('contract')
  const key = serviceRoleKey(baseURL!)
  const admin = new GoTrueAdminApi({ url: `${baseURL}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` } })
  expect((await admin.createUser({ email, password: 'contract-pass-1', email_confirm: true })).error).toBeNull()
  expect((await auth.signInWithPassword({ email, password: 'contract-pass-1' })).error).toBeNull()

  const phoneFactor = await auth.mfa.enroll({ factorType: 'phone', phone: '+351912345678' })
  expect(phoneFactor.error?.code).toBe('mfa_phone_enroll_not_enabled')
  const level = await auth.mfa.getAuthenticatorAssuranceLevel()
  expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

  const identities = await auth.getUserIdentities()
  expect(identities.data?.identities.map((i) => i.provider)).toEqual(['email'])
  const last = await auth.unlinkIdentity(identities.data!.identities[0]!)
  expect(last.error?.code).toBe('single_identity_not_deletable')

  // Linking Google answers the provider's authorization URL (the e2e server runs with Google and
  // AUTH_MANUAL_LINKING on, against web/e2e/fake-oidc.mjs).
  const link = await auth.linkIdentity({ provider: 'google', options: { redirectTo: `${baseURL}/account`, skipBrowserRedirect: true } })
  expect(link.error).toBeNull()
  expect(link.data.url).toContain('/authorize?')
  expect(new URL(link.data.url!).searchParams.get('redirect_uri')).toBe(`${baseURL}/auth/v1/callback`)

  const reauth = await auth.reauthenticate()
  expect(reauth.error).toBeNull()
})
