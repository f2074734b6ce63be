import { act, cleanup, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { localeFile, polyfillDialog, serveLocales } from '../../../test/locales'
import { loadAuthClient } from '../api/client-loader'
import { getAuthProviders } from '../api/settings'
import { reloadWithFlash } from '../flash'
import { click, dialog, fakeClient, openDialog, resetFakeClient, title, type } from './login-dialog-harness'

vi.mock('../api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))
vi.mock('../flash', () => ({ reloadWithFlash: vi.fn<typeof reloadWithFlash>() }))
vi.mock('../api/settings', () => ({ getAuthProviders: vi.fn<typeof getAuthProviders>() }))
vi.mock('../../toasts/mount-toasts', () => ({ mountToasts: () => undefined }))

// The dialog's second step (two-step verification) against a fake auth-js client, and our
// recovery-code endpoint answered here (every other fetch is a locale file).
type Handler = (url: string, init?: RequestInit) => Promise<Response>
let authServer: Handler = async () => new Response(null, { status: 404 })

const FACTOR = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '2026-01-01T00:00:00Z' }
const inFiveMinutes = () => Math.round(Date.now() / 1000) + 300
const errorText = (lang: 'en' | 'es' | 'pt', key: string) => (localeFile(lang, 'auth').errors as Record<string, string>)[key]
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)

beforeAll(() => {
  polyfillDialog()
  serveLocales((url, init) => authServer(url, init))
})

beforeEach(() => {
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  vi.mocked(getAuthProviders).mockResolvedValue({ google: false })
  vi.mocked(reloadWithFlash).mockReset()
  resetFakeClient()
  fakeClient.mfa.listFactors.mockResolvedValue({ data: { all: [FACTOR], totp: [FACTOR], phone: [] }, error: null })
  fakeClient.mfa.challenge.mockResolvedValue({ data: { id: 'challenge-1', type: 'totp', expires_at: inFiveMinutes() }, error: null })
})

afterEach(cleanup)

describe('the two-step verification step of the login dialog', () => {
  it('follows a right password when the session needs aal2, and ends like a sign-in', async () => {
    fakeClient.signInWithPassword.mockResolvedValue({ data: {}, error: null })
    fakeClient.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null })
    const onClose = await openDialog('en')
    await click('Sign in')
    type('Email', 'ana@example.com')
    type('Password', 'Viaje-2026!')
    await click('Sign in')

    expect(title()).toBe('Two-step verification')
    const code = await within(dialog()).findByLabelText('6-digit code')
    expect(document.activeElement).toBe(code)
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(vi.mocked(reloadWithFlash)).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    // No way back to the password: the step's own Cancel signs out.
    expect(within(dialog()).queryByRole('button', { name: 'Back' })).toBeNull()

    await click('Verify')
    expect(within(dialog()).getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    expect(fakeClient.mfa.verify).not.toHaveBeenCalled()

    fakeClient.mfa.verify.mockResolvedValue({ data: { access_token: 'aal2' }, error: null })
    type('6-digit code', '123 456')
    expect(field('6-digit code').value).toBe('123456')
    await click('Verify')
    expect(fakeClient.mfa.challenge).toHaveBeenCalledExactlyOnceWith({ factorId: 'factor-1' })
    expect(fakeClient.mfa.verify).toHaveBeenCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '123456' })
    expect(onClose).toHaveBeenCalled()
    expect(vi.mocked(reloadWithFlash)).toHaveBeenCalledWith('/', 'welcome_back')
  })

  it('says a wrong code in Spanish, tied to the field, and takes the next code with the same challenge', async () => {
    fakeClient.mfa.verify
      .mockResolvedValueOnce({ data: null, error: { code: 'mfa_verification_failed', status: 422, name: 'AuthApiError' } })
      .mockResolvedValueOnce({ data: {}, error: null })
    const onClose = await openDialog('es', undefined, 'mfa')
    expect(title()).toBe('Verificación en dos pasos')
    type(await labelOf('Código de 6 dígitos'), '111111')
    await click('Verificar')

    const alert = within(dialog()).getByRole('alert')
    expect(alert.textContent).toBe(errorText('es', 'mfa_verification_failed'))
    const code = field('Código de 6 dígitos')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(described(code)).toContain(alert.textContent)
    expect(document.activeElement).toBe(code)
    expect(onClose).not.toHaveBeenCalled()

    type('Código de 6 dígitos', '222222')
    await click('Verificar')
    expect(fakeClient.mfa.verify).toHaveBeenLastCalledWith({ factorId: 'factor-1', challengeId: 'challenge-1', code: '222222' })
    expect(vi.mocked(reloadWithFlash)).toHaveBeenCalledWith('/es', 'welcome_back')
  })

  it('makes a new challenge when the first expired, and says so if the code is still refused', async () => {
    fakeClient.mfa.challenge
      .mockResolvedValueOnce({ data: { id: 'old', type: 'totp', expires_at: inFiveMinutes() }, error: null })
      .mockResolvedValue({ data: { id: 'new', type: 'totp', expires_at: inFiveMinutes() }, error: null })
    const expired = { data: null, error: { code: 'mfa_challenge_expired', status: 422, name: 'AuthApiError' } }
    fakeClient.mfa.verify.mockResolvedValueOnce(expired).mockResolvedValueOnce(expired).mockResolvedValueOnce(expired)
    await openDialog('en', undefined, 'mfa')
    type(await labelOf('6-digit code'), '123456')
    await click('Verify')
    // Refused as expired twice (with the old challenge, then a new one): said beside the field.
    expect(within(dialog()).getByRole('alert').textContent).toBe(errorText('en', 'mfa_challenge_expired'))
    expect(fakeClient.mfa.verify.mock.calls.map(([call]) => (call as { challengeId: string }).challengeId)).toEqual(['old', 'new'])

    // The next attempt starts with a fresh challenge; the right code then passes.
    fakeClient.mfa.verify.mockReset()
    fakeClient.mfa.verify.mockResolvedValueOnce(expired).mockResolvedValueOnce({ data: {}, error: null })
    await click('Verify')
    expect(fakeClient.mfa.verify.mock.calls.map(([call]) => (call as { challengeId: string }).challengeId)).toEqual(['new', 'new'])
    expect(fakeClient.mfa.challenge).toHaveBeenCalledTimes(4)
    expect(vi.mocked(reloadWithFlash)).toHaveBeenCalledWith('/', 'welcome_back')
  })

  it('takes a recovery code instead: our endpoint checks it and auth-js keeps the session it answers', async () => {
    fakeClient.getSession.mockResolvedValue({ data: { session: { access_token: 'aal1-token' } }, error: null })
    fakeClient.setSession.mockResolvedValue({ data: {}, error: null })
    const sent: { url: string; init?: RequestInit | undefined }[] = []
    authServer = async (url, init) => {
      sent.push({ url, init })
      const { code } = JSON.parse(String(init?.body)) as { code: string }
      if (code !== 'abcd-efgh') {
        return Response.json({ code: 422, error_code: 'mfa_verification_failed', msg: 'Invalid recovery code' }, { status: 422 })
      }
      return Response.json({ access_token: 'aal2-token', refresh_token: 'refresh-2', expires_in: 3600, expires_at: 1, token_type: 'bearer', user: { id: 'u1' } })
    }
    const onClose = await openDialog('pt', undefined, 'mfa')
    await within(dialog()).findByLabelText('Código de 6 dígitos')
    await click('Usar um código de recuperação')
    const recovery = field('Código de recuperação')
    expect(document.activeElement).toBe(recovery)

    await click('Verificar')
    expect(within(dialog()).getByText('Digite um dos seus códigos de recuperação.')).toBeTruthy()
    expect(sent).toEqual([])

    type('Código de recuperação', 'zzzz-zzzz')
    await click('Verificar')
    expect(within(dialog()).getByRole('alert').textContent).toBe(errorText('pt', 'recovery_code_invalid'))
    expect(field('Código de recuperação').getAttribute('aria-invalid')).toBe('true')
    expect(fakeClient.setSession).not.toHaveBeenCalled()

    type('Código de recuperação', ' abcd-efgh ')
    await click('Verificar')
    const last = sent.at(-1)!
    expect(last.url).toBe(`${window.location.origin}/auth/v1/recovery-codes/verify`)
    expect(last.init!.method).toBe('POST')
    expect(new Headers(last.init!.headers).get('Authorization')).toBe('Bearer aal1-token')
    expect(JSON.parse(String(last.init!.body))).toEqual({ code: 'abcd-efgh' })
    expect(fakeClient.setSession).toHaveBeenCalledExactlyOnceWith({ access_token: 'aal2-token', refresh_token: 'refresh-2' })
    expect(onClose).toHaveBeenCalled()
    expect(vi.mocked(reloadWithFlash)).toHaveBeenCalledWith('/pt', 'welcome_back')
  })

  it('cancels by signing the half-made session out', async () => {
    fakeClient.signOut.mockResolvedValue({ error: null })
    const onClose = await openDialog('en', undefined, 'mfa')
    await within(dialog()).findByLabelText('6-digit code')
    await click('Cancel and sign out')
    expect(fakeClient.signOut).toHaveBeenCalledWith({ scope: 'local' })
    expect(onClose).toHaveBeenCalled()
    expect(vi.mocked(reloadWithFlash)).not.toHaveBeenCalled()
  })
})

/** Waits for the lazily loaded step, then gives back the label to type into. */
async function labelOf(label: string): Promise<string> {
  await act(async () => {
    await within(dialog()).findByLabelText(label)
  })
  return label
}
