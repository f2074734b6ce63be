import type { Session, User } from '@supabase/auth-js'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AuthContext } from '../auth/auth-context'
import { closeLoginDialog, useLoginDialogView } from '../auth/login-dialog-store'
import { serveLocales, switchLanguage } from '../../test/locales'
import AccountPage from './AccountPage'

const claims = (aal: string) => btoa(JSON.stringify({ sub: 'u1', aal })).replace(/=+$/, '')

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
    await switchLanguage('es', ['auth', 'consultations', 'common', 'seo'])
    const user = { id: 'u1', email: 'ana@example.com', factors: [{ id: 'f1', status: 'verified' }] } as unknown as User
    const session = { access_token: `h.${claims('aal1')}.s`, user } as Session
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
    expect(screen.getByRole('heading', { level: 2, name: 'Termina de iniciar sesión' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Perfil' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Introducir el código' })))
    expect(screen.getByTestId('dialog-view').textContent).toBe('mfa')
  })
})
