import { act, cleanup, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { polyfillDialog, serveLocales } from '../../../test/locales'
import { getToasts } from '../../toasts/toast-store'
import { loadAuthClient } from '../api/client-loader'
import { getAuthProviders } from '../api/settings'
import type { reloadWithFlash } from '../flash'
import { click, dialog, fakeClient, openDialog, resetFakeClient, type } from './login-dialog-harness'

vi.mock('../api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))
vi.mock('../flash', () => ({ reloadWithFlash: vi.fn<typeof reloadWithFlash>() }))
vi.mock('../api/settings', () => ({ getAuthProviders: vi.fn<typeof getAuthProviders>() }))
vi.mock('../../toasts/mount-toasts', () => ({ mountToasts: () => undefined }))

beforeAll(() => {
  polyfillDialog()
  serveLocales()
})

beforeEach(() => {
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  vi.mocked(getAuthProviders).mockResolvedValue({ google: false })
  resetFakeClient()
})

afterEach(cleanup)

describe('sign-up form', () => {
  it('shows every validation message in Portuguese, tied to its inputs', async () => {
    await openDialog('pt')
    await click('Continuar com e-mail')
    await click('Criar conta')
    const summary = within(dialog()).getByText('Por favor, preencha todos os campos')
    const email = within(dialog()).getByLabelText('E-mail')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toContain(summary.id)
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('Nome'))

    type('Nome', 'João')
    type('Sobrenome', 'Silva')
    type('País', 'Brazil')
    type('E-mail', 'joao@example.com')
    type('Confirme o e-mail', 'joao@example.org')
    type('Senha', '123')
    await click('Criar conta')
    const confirm = within(dialog()).getByLabelText('Confirme o e-mail')
    const mismatch = within(dialog()).getByText('Os e-mails não coincidem')
    expect(confirm.getAttribute('aria-describedby')).toContain(mismatch.id)
    const tooShort = within(dialog()).getByText('A senha deve ter pelo menos 6 caracteres')
    expect(within(dialog()).getByLabelText('Senha').getAttribute('aria-describedby')).toContain(tooShort.id)
    expect(within(dialog()).getByText(/uma letra minúscula, uma maiúscula, um número e um símbolo/)).toBeTruthy()
    type('E-mail', 'joaozinho@')
    await click('Criar conta')
    expect(within(dialog()).getByText('Por favor, informe um e-mail válido.')).toBeTruthy()
    expect(fakeClient.signUp).not.toHaveBeenCalled()
  })

  it('sends the metadata and the redirect, says it is busy, then closes with a toast', async () => {
    const answer: { resolve?: (value: unknown) => void } = {}
    fakeClient.signUp.mockReturnValue(new Promise((resolve) => (answer.resolve = resolve)))
    const onClose = await openDialog('pt')
    await click('Continuar com e-mail')
    type('Nome', ' João ')
    type('Sobrenome', 'Silva')
    type('País', 'Brazil')
    type('E-mail', 'joao@example.com')
    type('Confirme o e-mail', 'joao@example.com')
    type('Senha', 'Viagem2026!')
    await click('Criar conta')
    const busy = within(dialog()).getByRole('button', { name: 'Criando conta...' })
    expect(busy.hasAttribute('disabled')).toBe(true)
    expect(fakeClient.signUp).toHaveBeenCalledWith({
      email: 'joao@example.com',
      password: 'Viagem2026!',
      options: {
        emailRedirectTo: `${window.location.origin}/pt`,
        data: { first_name: 'João', last_name: 'Silva', country: 'Brazil', lang: 'pt' },
      },
    })
    await act(async () => answer.resolve?.({ data: { user: { id: 'u1' }, session: null }, error: null }))
    expect(onClose).toHaveBeenCalled()
    expect(getToasts().at(-1)).toMatchObject({
      title: 'Conta criada com sucesso!',
      description: 'Verifique seu e-mail para confirmar sua conta.',
    })
  })

  it("shows the server's error in the page's language", async () => {
    fakeClient.signUp.mockResolvedValue({ data: { user: null, session: null }, error: { code: 'weak_password', status: 422 } })
    await openDialog('es')
    await click('Continuar con correo electrónico')
    type('Nombre', 'Ana')
    type('Apellido', 'Ruiz')
    type('Correo electrónico', 'ana@example.com')
    type('Confirma el correo electrónico', 'ana@example.com')
    type('Contraseña', '123456')
    type('País', 'Spain')
    await click('Crear cuenta')
    expect(within(dialog()).getByRole('alert').textContent).toMatch(/^Esta contraseña es demasiado débil/)
  })
})
