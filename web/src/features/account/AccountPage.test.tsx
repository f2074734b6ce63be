import type { Session, User } from '@supabase/auth-js'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../auth/api/client-loader'
import { AuthContext } from '../auth/auth-context'
import { closeLoginDialog, useLoginDialogView } from '../auth/login-dialog-store'
import { serveLocales, switchLanguage } from '../../test/locales'
import AccountPage from './AccountPage'

vi.mock('../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const fakeClient = { mfa: { getAuthenticatorAssuranceLevel: vi.fn<() => Promise<unknown>>() } }

function OpenView() {
  return <output data-testid="dialog-view">{useLoginDialogView() ?? 'closed'}</output>
}

beforeAll(() => serveLocales())
afterEach(() => {
  cleanup()
  closeLoginDialog()
})

describe('the account page while two-step verification is pending', () => {
  it('asks for the code instead of showing the account, and opens the dialog on that step', async () => {
    vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
    fakeClient.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null })
    await switchLanguage('es', ['auth', 'consultations', 'common', 'seo'])
    const user = { id: 'u1', email: 'ana@example.com' } as User
    const session = { access_token: 'aal1-token', user } as Session
    await act(async () => {
      render(
        <AuthContext value={{ user, session, loading: false }}>
          <MemoryRouter initialEntries={['/es/account']}>
            <AccountPage />
            <OpenView />
          </MemoryRouter>
        </AuthContext>,
      )
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Termina de iniciar sesión' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Perfil' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Introducir el código' })))
    expect(screen.getByTestId('dialog-view').textContent).toBe('mfa')
  })
})

describe('the account page of a signed-in user', () => {
  it('loads the devices, connected accounts, data and deletion sections after the page, with their words', async () => {
    const client = {
      ...fakeClient,
      getSession: async () => ({ data: { session: { access_token: 'aal1-token' } }, error: null }),
      getUserIdentities: async () => ({ data: { identities: [] }, error: null }),
      mfa: { ...fakeClient.mfa, listFactors: async () => ({ data: { all: [], totp: [], phone: [] }, error: null }) },
    }
    vi.mocked(loadAuthClient).mockResolvedValue(client as never)
    fakeClient.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null })
    await switchLanguage('pt', ['auth', 'consultations', 'common', 'seo'])
    const user = { id: 'u2', email: 'joana@example.com' } as User
    const session = { access_token: 'aal1-token', user } as Session
    await act(async () => {
      render(
        <AuthContext value={{ user, session, loading: false }}>
          <MemoryRouter initialEntries={['/pt/account']}>
            <AccountPage />
          </MemoryRouter>
        </AuthContext>,
      )
    })
    for (const name of ['Dispositivos conectados', 'Contas conectadas', 'Seus dados', 'Excluir sua conta']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy()
    }
    expect(screen.getByRole('button', { name: 'Excluir minha conta' })).toBeTruthy()
  })
})
