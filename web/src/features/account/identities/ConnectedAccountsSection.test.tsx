import type { UserIdentity } from '@supabase/auth-js'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, EMAIL, fakeClient, renderSection, resetHarness, serveApi } from '../section-harness'
import ConnectedAccountsSection from './ConnectedAccountsSection'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const identity = (provider: string, email: string, id: string): UserIdentity => ({
  id: `${provider}-sub`,
  identity_id: id,
  user_id: 'u1',
  provider,
  identity_data: { email },
  created_at: '2026-03-05T10:00:00Z',
})
const EMAIL_IDENTITY = identity('email', EMAIL, 'i-email')
const GOOGLE_IDENTITY = identity('google', 'ana.lima@gmail.com', 'i-google')

let identities: UserIdentity[] = []
let googleOn = true

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  identities = [EMAIL_IDENTITY]
  googleOn = true
  fakeClient.getUserIdentities.mockImplementation(async () => ({ data: { identities }, error: null }))
  answerApi((request) =>
    request.url.endsWith('/auth/v1/settings') ? Response.json({ external: { email: true, google: googleOn } }) : new Response(null, { status: 404 }),
  )
})
afterEach(cleanup)

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem')
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))

describe('the connected accounts on the account page', () => {
  it('lists the e-mail, and offers Google, which comes back to this page in this language', async () => {
    fakeClient.linkIdentity.mockResolvedValue({ data: { provider: 'google', url: 'https://accounts.example/authorize' }, error: null })
    await renderSection(<ConnectedAccountsSection />, 'es')
    expect(screen.getByRole('region', { name: 'Cuentas conectadas' })).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]!.textContent).toContain('Correo electrónico')
    expect(rows()[0]!.textContent).toContain(EMAIL)
    // The only way to sign in is never offered for disconnection.
    expect(screen.queryByRole('button', { name: /Desconectar/ })).toBeNull()

    await screen.findByRole('button', { name: 'Conectar Google' })
    await click('Conectar Google')
    expect(fakeClient.linkIdentity).toHaveBeenCalledExactlyOnceWith({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/es/account` },
    })
    // Google's page is loading: the button stays busy.
    expect((screen.getByRole('button', { name: 'Abriendo Google...' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('says why linking was refused', async () => {
    fakeClient.linkIdentity.mockResolvedValue({ data: { provider: 'google', url: null }, error: { code: 'manual_linking_disabled', status: 404, name: 'AuthApiError' } })
    await renderSection(<ConnectedAccountsSection />, 'en')
    await screen.findByRole('button', { name: 'Connect Google' })
    await click('Connect Google')
    expect(screen.getByRole('alert').textContent).toBe('Connecting another way to sign in is turned off on this site.')
    expect((screen.getByRole('button', { name: 'Connect Google' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('does not offer Google when the server has it off', async () => {
    googleOn = false
    await renderSection(<ConnectedAccountsSection />, 'en')
    await waitFor(() => expect(rows()).toHaveLength(1))
    await act(async () => undefined)
    expect(screen.queryByRole('button', { name: 'Connect Google' })).toBeNull()
  })

  it('disconnects Google when the e-mail remains, and says so', async () => {
    identities = [GOOGLE_IDENTITY, EMAIL_IDENTITY]
    fakeClient.unlinkIdentity.mockImplementation(async () => {
      identities = [EMAIL_IDENTITY]
      return { data: {}, error: null }
    })
    await renderSection(<ConnectedAccountsSection />, 'pt')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]!.textContent).toContain('E-mail')
    expect(rows()[1]!.textContent).toContain('Google')
    expect(rows()[1]!.textContent).toContain('ana.lima@gmail.com · Conectada em 5 de mar. de 2026')
    // Google is connected: nothing to offer.
    expect(screen.queryByRole('button', { name: 'Conectar Google' })).toBeNull()

    await click('Desconectar Google')
    expect(fakeClient.unlinkIdentity).toHaveBeenCalledExactlyOnceWith(GOOGLE_IDENTITY)
    await waitFor(() => expect(rows()).toHaveLength(1))
    const outcome = screen.getByRole('status')
    expect(outcome.textContent).toBe('Google foi desconectado: você não pode mais entrar com essa conta.')
    expect(document.activeElement).toBe(outcome)
  })

  it('keeps the only way to sign in of a Google account, and says what the server refused', async () => {
    identities = [GOOGLE_IDENTITY]
    await renderSection(<ConnectedAccountsSection />, 'en')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.queryByRole('button', { name: /Disconnect/ })).toBeNull()

    cleanup()
    identities = [EMAIL_IDENTITY, GOOGLE_IDENTITY]
    fakeClient.unlinkIdentity.mockResolvedValue({ data: null, error: { code: 'single_identity_not_deletable', status: 422, name: 'AuthApiError' } })
    await renderSection(<ConnectedAccountsSection />, 'en')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await click('Disconnect Google')
    expect(screen.getByRole('alert').textContent).toBe("This is your only way to sign in, so it can't be disconnected.")
  })
})
