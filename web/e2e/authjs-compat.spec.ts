import { AuthWeakPasswordError, GoTrueClient, isAuthApiError, type SupportedStorage } from '@supabase/auth-js'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { uniqueEmail, verifyLink, waitForMail } from './mailbox'

// The official client, from Node, against the release binary: the server must speak GoTrue's
// API closely enough that @supabase/auth-js works unchanged (docs/auth-api.md).

/** The anon key and auth URL, as the web app reads them: from the runtime config block of GET /. */
async function runtimeConfig(request: APIRequestContext): Promise<{ authUrl: string; anonKey: string }> {
  const html = await (await request.get('/')).text()
  const block = /<script type="application\/json" id="rumbo-config">(.*?)<\/script>/s.exec(html)?.[1]
  if (!block) throw new Error('GET / has no runtime config block')
  const config = JSON.parse(block) as { authUrl?: string; anonKey?: string }
  expect(config.anonKey, 'anonKey in the runtime config').toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/)
  return { authUrl: config.authUrl!, anonKey: config.anonKey! }
}

function memoryStorage(): SupportedStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

async function newClient(request: APIRequestContext): Promise<GoTrueClient> {
  const { authUrl, anonKey } = await runtimeConfig(request)
  return new GoTrueClient({
    url: authUrl,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    storage: memoryStorage(),
    storageKey: 'compat',
    persistSession: true,
    autoRefreshToken: false, // no timers in a test process; refresh is called explicitly below
    detectSessionInUrl: false,
  })
}

test('auth-js: sign up, confirm by e-mail, sign in, read and update the user, refresh, sign out', async ({ request, baseURL }) => {
  const client = await newClient(request)
  const email = uniqueEmail('compat')
  const password = 'compat-password-1'

  const signUp = await client.signUp({
    email,
    password,
    options: { data: { first_name: 'Compat', lang: 'pt' }, emailRedirectTo: `${baseURL}/pt` },
  })
  expect(signUp.error).toBeNull()
  expect(signUp.data.user?.email).toBe(email)
  expect(signUp.data.session, 'confirmation is on: no session yet').toBeNull()

  const early = await client.signInWithPassword({ email, password })
  expect(early.error?.code).toBe('email_not_confirmed')

  // The e-mail link: GET /auth/v1/verify answers 303 with the session in the fragment (implicit flow).
  const mail = await waitForMail(request, email, 'confirm_signup')
  expect(mail.lang).toBe('pt')
  const verify = await request.get(verifyLink(mail), { maxRedirects: 0 })
  expect(verify.status()).toBe(303)
  const location = new URL(verify.headers().location!)
  expect(location.origin + location.pathname).toBe(`${baseURL}/pt`)
  const fragment = new URLSearchParams(location.hash.slice(1))
  expect(fragment.get('type')).toBe('signup')
  expect(fragment.get('token_type')).toBe('bearer')
  const fromLink = await client.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })
  expect(fromLink.error).toBeNull()
  expect(fromLink.data.user?.email_confirmed_at).toBeTruthy()
  await client.signOut({ scope: 'local' })

  const signIn = await client.signInWithPassword({ email, password })
  expect(signIn.error).toBeNull()
  const session = signIn.data.session!
  expect(session.token_type).toBe('bearer')
  expect(signIn.data.user?.app_metadata.provider).toBe('email')

  const { data: fetched, error: getUserError } = await client.getUser()
  expect(getUserError).toBeNull()
  expect(fetched.user?.email).toBe(email)
  expect(fetched.user?.user_metadata.first_name).toBe('Compat')

  // ES256 with a kid: auth-js verifies the token itself against the published JWKS.
  const { data: claims, error: claimsError } = await client.getClaims()
  expect(claimsError).toBeNull()
  expect(claims?.claims.sub).toBe(fetched.user?.id)
  expect(claims?.claims.aal).toBe('aal1')
  expect(claims?.header.alg).toBe('ES256')

  const updated = await client.updateUser({ data: { favourite_city: 'Lisboa' } })
  expect(updated.error).toBeNull()
  expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Compat', favourite_city: 'Lisboa' })

  const refreshed = await client.refreshSession()
  expect(refreshed.error).toBeNull()
  expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token) // rotated
  expect(refreshed.data.session?.user.user_metadata.favourite_city).toBe('Lisboa')

  const signOut = await client.signOut()
  expect(signOut.error).toBeNull()
  expect((await client.getSession()).data.session).toBeNull()
  // The signed-out session's access token no longer opens anything.
  const stale = await client.getUser(refreshed.data.session!.access_token)
  expect(stale.error).not.toBeNull()
})

test('auth-js: the error codes it relies on', async ({ request }) => {
  const client = await newClient(request)
  const email = uniqueEmail('codes')

  const weak = await client.signUp({ email, password: '123' })
  expect(weak.error).toBeInstanceOf(AuthWeakPasswordError)
  expect(weak.error?.code).toBe('weak_password')
  expect(weak.error?.status).toBe(422)

  const wrong = await client.signInWithPassword({ email: 'nobody-here@example.com', password: 'whatever-it-is' })
  expect(isAuthApiError(wrong.error)).toBe(true)
  expect(wrong.error?.code).toBe('invalid_credentials')
  expect(wrong.error?.status).toBe(400)

  const invalid = await client.signUp({ email: 'not-an-address', password: 'long-enough-1' })
  expect(invalid.error?.code).toMatch(/^(validation_failed|email_address_invalid)$/)

  // Signing up again with a confirmed address answers like a new sign-up: no error, no session,
  // nothing that tells whether the address has an account (user_already_exists comes only with
  // AUTH_AUTOCONFIRM, which this server does not run with).
  expect((await client.signUp({ email, password: 'long-enough-1' })).error).toBeNull()
  const confirmed = await request.get(verifyLink(await waitForMail(request, email, 'confirm_signup')), { maxRedirects: 0 })
  expect(confirmed.status()).toBe(303)
  const again = await client.signUp({ email, password: 'another-password-2' })
  expect(again.error).toBeNull()
  expect(again.data.session).toBeNull()
  expect(again.data.user?.email).toBe(email)
})
