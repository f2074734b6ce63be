// A fake OpenID Connect provider ("Google") for the browser tests: plain Node, no dependency.
// `node e2e/fake-oidc.mjs <port>` (or FAKE_OIDC_PORT) listens on 127.0.0.1 and answers what the
// server's own client reads (server/src/auth/oidc/provider.rs): discovery, the JWKS, a consent
// page at the authorization endpoint, and a token endpoint that checks the client, the code, the
// redirect URI and PKCE (S256) before answering an RS256 ID token. The person signing in is
// Gina Gómez; the consent page's e-mail field says which Gina (the subject follows the address,
// so the same address is the same Google account), and a box whether Google verified it.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createServer } from 'node:http'

const port = Number(process.argv[2] ?? process.env.FAKE_OIDC_PORT)
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('usage: node e2e/fake-oidc.mjs <port>\n')
  process.exit(2)
}
const CLIENT_ID = process.env.FAKE_OIDC_CLIENT_ID ?? 'rumbo-e2e.apps.googleusercontent.com'
const CLIENT_SECRET = process.env.FAKE_OIDC_CLIENT_SECRET ?? 'rumbo-e2e-secret'
const ISSUER = `http://127.0.0.1:${port}`
const CODE_TTL_MS = 60_000

// A key of this run only: generated at start, published in the JWKS, never written anywhere.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const KID = `fake-${randomBytes(6).toString('hex')}`
const JWK = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }

/** Codes waiting for the token endpoint: code → what the authorization asked and who consented. */
const codes = new Map()
/** Access tokens handed out → the claims the userinfo endpoint answers. */
const accessTokens = new Map()

const base64url = (data) => Buffer.from(data).toString('base64url')
const sha256 = (text) => createHash('sha256').update(text).digest()
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])

function idToken(claims, nonce) {
  const now = Math.floor(Date.now() / 1000)
  const payload = { iss: ISSUER, aud: CLIENT_ID, azp: CLIENT_ID, iat: now, exp: now + 600, ...claims, ...(nonce ? { nonce } : {}) }
  const signed = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID }))}.${base64url(JSON.stringify(payload))}`
  return `${signed}.${sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`
}

/** The person of the consent page, as an ID token describes them. */
function person(email, verified) {
  const address = email.trim().toLowerCase()
  return {
    sub: `fake-${sha256(address).toString('hex').slice(0, 24)}`,
    email: address,
    email_verified: verified,
    name: 'Gina Gómez',
    given_name: 'Gina',
    family_name: 'Gómez',
  }
}

function send(response, status, body, headers = {}) {
  const json = typeof body !== 'string'
  response.writeHead(status, {
    'Content-Type': json ? 'application/json' : 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  })
  response.end(json ? JSON.stringify(body) : body)
}

const page = (title, body) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937">
<main>${body}</main>
</body>
</html>`

function refusePage(response, reason) {
  send(response, 400, page('Sign-in error – Fake Google', `<h1>This sign-in request is not valid</h1><p>${escapeHtml(reason)}</p>`))
}

/** GET /authorize: the request checked, then the consent page, carrying the request in its form. */
function authorize(response, query) {
  if (query.get('client_id') !== CLIENT_ID) return refusePage(response, 'Unknown client_id.')
  if (query.get('response_type') !== 'code') return refusePage(response, 'Only response_type=code is supported.')
  const redirectUri = query.get('redirect_uri') ?? ''
  if (!/^https?:\/\//.test(redirectUri)) return refusePage(response, 'A redirect_uri is required.')
  if (!(query.get('scope') ?? '').split(' ').includes('openid')) return refusePage(response, 'The scope must include openid.')
  if (query.get('code_challenge') && query.get('code_challenge_method') !== 'S256') return refusePage(response, 'Only S256 challenges are supported.')
  const carried = ['redirect_uri', 'state', 'nonce', 'code_challenge']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n')
  const email = `gina.gomez.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`
  send(
    response,
    200,
    page(
      'Sign in – Fake Google',
      `<h1>Sign in to Rumbo as Gina Gómez</h1>
<p>Rumbo will receive your name, your e-mail address and your profile picture.</p>
<form method="post" action="/authorize/consent">
${carried}
<p><label for="email">Google account e-mail</label><br><input id="email" name="email" type="email" value="${escapeHtml(email)}" size="40"></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Google verified this address</label></p>
<button type="submit">Continue as Gina</button>
</form>`,
    ),
  )
}

/** POST /authorize/consent: a code for this request and this person, then back to the client. */
function consent(response, form) {
  const redirectUri = form.get('redirect_uri') ?? ''
  if (!/^https?:\/\//.test(redirectUri)) return refusePage(response, 'A redirect_uri is required.')
  const code = base64url(randomBytes(24))
  codes.set(code, {
    redirectUri,
    nonce: form.get('nonce') || null,
    challenge: form.get('code_challenge') || null,
    claims: person(form.get('email') || 'gina.gomez@example.com', form.get('email_verified') === 'true'),
    expires: Date.now() + CODE_TTL_MS,
  })
  const back = new URL(redirectUri)
  back.searchParams.set('code', code)
  if (form.get('state')) back.searchParams.set('state', form.get('state'))
  send(response, 303, '', { Location: back.toString() })
}

/** The client's credentials: client_secret_post (what the server sends) or HTTP Basic. */
function clientOf(request, form) {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
    return { id, secret }
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') }
}

/** POST /token: the code exchanged, once, by the client it was made for, with the right verifier. */
function token(request, response, form) {
  const client = clientOf(request, form)
  if (client.id !== CLIENT_ID || client.secret !== CLIENT_SECRET) return send(response, 401, { error: 'invalid_client' })
  if (form.get('grant_type') !== 'authorization_code') return send(response, 400, { error: 'unsupported_grant_type' })
  const code = form.get('code') ?? ''
  const grant = codes.get(code)
  codes.delete(code)
  if (!grant || grant.expires < Date.now()) return send(response, 400, { error: 'invalid_grant', error_description: 'unknown or expired code' })
  if (grant.redirectUri !== form.get('redirect_uri')) return send(response, 400, { error: 'invalid_grant', error_description: 'redirect_uri differs' })
  if (grant.challenge && base64url(sha256(form.get('code_verifier') ?? '')) !== grant.challenge) {
    return send(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' })
  }
  const accessToken = `fake.${base64url(randomBytes(24))}`
  accessTokens.set(accessToken, grant.claims)
  send(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: idToken(grant.claims, grant.nonce) })
}

function readForm(request) {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      body += chunk
      if (body.length > 64_000) request.destroy(new Error('body too large'))
    })
    request.on('end', () => resolve(new URLSearchParams(body)))
    request.on('error', reject)
  })
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', ISSUER)
  try {
    if (request.method === 'GET' && url.pathname === '/health') return send(response, 200, { status: 'ok' })
    // The browser asks for one on the consent page; a 404 would be a console error in the tests.
    if (request.method === 'GET' && url.pathname === '/favicon.ico') return send(response, 204, '')
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(response, 200, {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        jwks_uri: `${ISSUER}/jwks`,
        userinfo_endpoint: `${ISSUER}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['iss', 'aud', 'sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'iat', 'exp', 'nonce'],
      })
    }
    if (request.method === 'GET' && url.pathname === '/jwks') return send(response, 200, { keys: [JWK] })
    if (request.method === 'GET' && url.pathname === '/authorize') return authorize(response, url.searchParams)
    if (request.method === 'POST' && url.pathname === '/authorize/consent') return consent(response, await readForm(request))
    if (request.method === 'POST' && url.pathname === '/token') return token(request, response, await readForm(request))
    if (request.method === 'GET' && url.pathname === '/userinfo') {
      const claims = accessTokens.get(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '')
      return claims ? send(response, 200, claims) : send(response, 401, { error: 'invalid_token' })
    }
    send(response, 404, { error: 'not_found' })
  } catch (error) {
    send(response, 500, { error: 'server_error', error_description: String(error) })
  }
})

server.listen(port, '127.0.0.1', () => process.stdout.write(`fake OpenID provider on ${ISSUER} (client ${CLIENT_ID})\n`))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
