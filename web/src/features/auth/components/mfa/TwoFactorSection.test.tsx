import type { Session, User } from '@supabase/auth-js'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../../../i18n/languages'
import { localeFile, serveLocales, switchLanguage } from '../../../../test/locales'
import { loadAuthClient } from '../../api/client-loader'
import { AuthContext } from '../../auth-context'
import TwoFactorSection from './TwoFactorSection'

vi.mock('../../api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

// The account page's two-step verification section against a fake auth-js client, with our
// recovery-code endpoints answered here (every other fetch is a locale file).
type Call = (...args: unknown[]) => Promise<unknown>
const fakeClient = {
  getSession: vi.fn<Call>(),
  mfa: {
    listFactors: vi.fn<Call>(),
    enroll: vi.fn<Call>(),
    challengeAndVerify: vi.fn<Call>(),
    unenroll: vi.fn<Call>(),
    getAuthenticatorAssuranceLevel: vi.fn<Call>(),
  },
}

interface Sent {
  method: string
  url: string
  token: string | undefined
}
let sent: Sent[] = []
let remaining = 7
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`)

const factor = (id: string, status: 'verified' | 'unverified') => ({
  id,
  factor_type: 'totp',
  status,
  friendly_name: 'Authenticator app',
  created_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
})
const listed = (...factors: ReturnType<typeof factor>[]) => ({
  data: { all: factors, totp: factors.filter((f) => f.status === 'verified'), phone: [] },
  error: null,
})
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path fill="#000" d="M0 0h1v1H0z"/></svg>'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

async function renderSection(lang: Lang) {
  await switchLanguage(lang)
  const user = { id: 'u1', email: 'ana@example.com' } as User
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[lang === 'en' ? '/account' : `/${lang}/account`]}>
        <QueryClientProvider client={queries}>
          <AuthContext value={{ user, session: { access_token: 'session-token', user } as Session, loading: false }}>
            <TwoFactorSection />
          </AuthContext>
        </QueryClientProvider>
      </MemoryRouter>,
    )
  })
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const errorText = (lang: Lang, key: string) => (localeFile(lang, 'auth').errors as Record<string, string>)[key]

beforeAll(() =>
  serveLocales(async (url, init) => {
    const token = (init?.headers as Record<string, string> | undefined)?.Authorization?.replace('Bearer ', '')
    sent.push({ method: init?.method ?? 'GET', url, token })
    if (!url.endsWith('/auth/v1/recovery-codes')) return new Response(null, { status: 404 })
    if (init?.method === 'POST') return Response.json({ codes: CODES })
    return Response.json({ remaining })
  }),
)

beforeEach(() => {
  sent = []
  remaining = 7
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  fakeClient.getSession.mockReset().mockResolvedValue({ data: { session: { access_token: 'aal2-token' } }, error: null })
  for (const call of Object.values(fakeClient.mfa)) call.mockReset()
  fakeClient.mfa.unenroll.mockResolvedValue({ data: {}, error: null })
})

afterEach(cleanup)

describe('two-step verification on the account page', () => {
  it('sets it up: leftovers removed, QR code and key shown, the first code confirms, the recovery codes follow once', async () => {
    fakeClient.mfa.listFactors.mockResolvedValueOnce(listed(factor('leftover', 'unverified'))).mockResolvedValue(listed(factor('new', 'verified')))
    fakeClient.mfa.enroll.mockResolvedValue({
      data: { id: 'new', type: 'totp', friendly_name: 'Authenticator app', totp: { qr_code: `data:image/svg+xml;utf-8,${SVG}`, secret: SECRET, uri: 'otpauth://totp/x' } },
      error: null,
    })
    await renderSection('en')
    expect(await screen.findByText('Two-step verification is off.')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Two-step verification' })).toBeTruthy()
    expect(screen.getByText(/Setup not finished/)).toBeTruthy()

    await click('Set up two-step verification')
    expect(fakeClient.mfa.unenroll).toHaveBeenCalledExactlyOnceWith({ factorId: 'leftover' })
    expect(fakeClient.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Authenticator app' })
    const heading = screen.getByRole('heading', { level: 3, name: 'Add Rumbo to your authenticator app' })
    expect(document.activeElement).toBe(heading)
    const qr = screen.getByRole('img', { name: 'QR code that adds Rumbo to an authenticator app' }) as HTMLImageElement
    expect(qr.getAttribute('width')).toBe('200')
    expect(qr.getAttribute('height')).toBe('200')
    // The markup percent-encoded: its '#' would otherwise end the data URL.
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy()

    fakeClient.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { code: 'mfa_verification_failed', status: 422, name: 'AuthApiError' } })
    type('6-digit code', '000000')
    await click('Turn on')
    expect(screen.getByRole('alert').textContent).toBe(errorText('en', 'mfa_verification_failed'))
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'))

    fakeClient.mfa.challengeAndVerify.mockResolvedValueOnce({ data: { access_token: 'aal2-token' }, error: null })
    type('6-digit code', '123456')
    await click('Turn on')
    expect(fakeClient.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'new', code: '123456' })
    // The codes are asked with the session verify made (aal2).
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: `${window.location.origin}/auth/v1/recovery-codes`, token: 'aal2-token' },
    ])
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Your recovery codes' }))
    const list = screen.getByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES)
    expect(screen.getByText(/They won't be shown again\./)).toBeTruthy()
    expect(screen.getByText('Two-step verification is on. From now on, signing in asks for a code from your app.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy()

    await click("I've saved my codes")
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
    expect(await screen.findByText('Two-step verification is on.')).toBeTruthy()
    expect(screen.getByText('Recovery codes left: 10')).toBeTruthy()
  })

  it('asks for a code before removing an app from an aal1 session, in Spanish', async () => {
    fakeClient.mfa.listFactors.mockResolvedValueOnce(listed(factor('f1', 'verified'))).mockResolvedValue(listed())
    fakeClient.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null })
    await renderSection('es')
    expect(await screen.findByText('Códigos de recuperación restantes: 7')).toBeTruthy()
    expect(screen.getByText('La verificación en dos pasos está activada.')).toBeTruthy()

    await click('Eliminar Authenticator app')
    expect(screen.getByRole('heading', { level: 3, name: '¿Eliminar Authenticator app?' })).toBeTruthy()
    const code = screen.getByLabelText('Código de 6 dígitos')
    expect(document.activeElement).toBe(code)
    expect(fakeClient.mfa.unenroll).not.toHaveBeenCalled()

    fakeClient.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: { code: 'mfa_verification_failed', status: 422, name: 'AuthApiError' } })
    type('Código de 6 dígitos', '999999')
    await click('Eliminar')
    expect(screen.getByRole('alert').textContent).toBe(errorText('es', 'mfa_verification_failed'))
    expect(fakeClient.mfa.unenroll).not.toHaveBeenCalled()

    fakeClient.mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null })
    type('Código de 6 dígitos', '123456')
    await click('Eliminar')
    expect(fakeClient.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' })
    expect(fakeClient.mfa.unenroll).toHaveBeenCalledExactlyOnceWith({ factorId: 'f1' })
    const outcome = screen.getByText('Se eliminó la aplicación de autenticación.')
    expect(document.activeElement).toBe(outcome)
    expect(await screen.findByText('La verificación en dos pasos está desactivada.')).toBeTruthy()
  })

  it('at aal2, confirms a removal without a code, and makes new recovery codes after a confirmation', async () => {
    fakeClient.mfa.listFactors.mockResolvedValue(listed(factor('f1', 'verified')))
    fakeClient.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null })
    await renderSection('pt')
    await screen.findByText('Códigos de recuperação restantes: 7')

    await click('Remover Authenticator app')
    expect(screen.queryByLabelText('Código de 6 dígitos')).toBeNull()
    await click('Cancelar')
    expect(fakeClient.mfa.unenroll).not.toHaveBeenCalled()

    await click('Gerar novos códigos')
    expect(screen.getByRole('heading', { level: 3, name: 'Gerar novos códigos de recuperação' })).toBeTruthy()
    await click('Gerar novos códigos')
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1)
    expect(within(screen.getByRole('list', { name: 'Códigos de recuperação' })).getAllByRole('listitem')).toHaveLength(10)
  })
})
