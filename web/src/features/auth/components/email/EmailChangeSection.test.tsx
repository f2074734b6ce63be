import type { Session, User } from '@supabase/auth-js'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../../../i18n/languages'
import { localizedPath } from '../../../../i18n/paths'
import { serveLocales, switchLanguage } from '../../../../test/locales'
import { loadAuthClient } from '../../api/client-loader'
import { AuthContext } from '../../auth-context'
import { EmailChangeSection } from './EmailChangeSection'

vi.mock('../../api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

type Answer = { data: { user: Partial<User> | null }; error: { code?: string; status?: number; name?: string } | null }
const fakeClient = { updateUser: vi.fn<(attributes: { email: string }, options?: { emailRedirectTo?: string }) => Promise<Answer>>() }
const refused = (code: string, status: number): Answer => ({ data: { user: null }, error: { code, status, name: 'AuthApiError' } })

const EMAIL = 'ana@example.com'
const NEW_EMAIL = 'ana.lima@example.org'

async function renderSection(lang: Lang, extra: Partial<User> = {}) {
  await switchLanguage(lang)
  const user = { id: 'u1', email: EMAIL, ...extra } as User
  await act(async () => {
    render(
      <AuthContext value={{ user, session: { access_token: 't', user } as Session, loading: false }}>
        <MemoryRouter initialEntries={[localizedPath('/account', lang)]}>
          <EmailChangeSection />
        </MemoryRouter>
      </AuthContext>,
    )
  })
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)

beforeAll(() => serveLocales())
beforeEach(() => {
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  fakeClient.updateUser.mockReset()
})
afterEach(cleanup)

describe('changing the e-mail address on the account page', () => {
  it('asks auth-js for the change with the account page in the current language as the links’ target, then shows it pending', async () => {
    fakeClient.updateUser.mockResolvedValue({ data: { user: { id: 'u1', email: EMAIL, new_email: NEW_EMAIL } }, error: null })
    await renderSection('es')
    expect(screen.getByRole('heading', { level: 2, name: 'Dirección de correo' })).toBeTruthy()
    expect(screen.getByText(`Inicias sesión con ${EMAIL}.`)).toBeTruthy()
    type('Nueva dirección de correo', `  ${NEW_EMAIL} `)
    await click('Cambiar la dirección de correo')

    expect(fakeClient.updateUser).toHaveBeenCalledExactlyOnceWith({ email: NEW_EMAIL }, { emailRedirectTo: `${window.location.origin}/es/account` })
    const status = screen.getByRole('status')
    expect(status.textContent).toContain(`Esperando la confirmación de ${NEW_EMAIL}.`)
    expect(status.textContent).toContain(`Enviamos un enlace de confirmación a ${EMAIL} y a ${NEW_EMAIL}.`)
    expect(field('Nueva dirección de correo').value).toBe('')
  })

  it('shows a change asked for earlier (the user’s new_email) from the start', async () => {
    await renderSection('pt', { new_email: NEW_EMAIL })
    expect(screen.getByRole('status').textContent).toBe(
      `Aguardando a confirmação de ${NEW_EMAIL}.Até que os dois links sejam abertos, você continua entrando com seu endereço atual.`,
    )
  })

  it('checks the address before asking: empty, not an address, or the current one', async () => {
    await renderSection('en')
    await click('Change e-mail address')
    expect(description(field('New e-mail address'))).toContain('Enter the new e-mail address.')
    expect(document.activeElement).toBe(field('New e-mail address'))
    type('New e-mail address', 'ana@')
    await click('Change e-mail address')
    expect(description(field('New e-mail address'))).toContain('Please enter a valid email address.')
    type('New e-mail address', 'ANA@example.com')
    await click('Change e-mail address')
    expect(description(field('New e-mail address'))).toContain('This is already your e-mail address.')
    expect(field('New e-mail address').getAttribute('aria-invalid')).toBe('true')
    expect(fakeClient.updateUser).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it("says the server's refusals in the page's language", async () => {
    await renderSection('es')
    type('Nueva dirección de correo', NEW_EMAIL)

    fakeClient.updateUser.mockResolvedValueOnce(refused('email_exists', 422))
    await click('Cambiar la dirección de correo')
    expect(description(field('Nueva dirección de correo'))).toContain('Otra cuenta ya usa esta dirección.')
    expect(field('Nueva dirección de correo').getAttribute('aria-invalid')).toBe('true')

    fakeClient.updateUser.mockResolvedValueOnce(refused('validation_failed', 400))
    await click('Cambiar la dirección de correo')
    expect(description(field('Nueva dirección de correo'))).toContain('Por favor ingresa un correo electrónico válido.')

    fakeClient.updateUser.mockResolvedValueOnce(refused('over_email_send_rate_limit', 429))
    await click('Cambiar la dirección de correo')
    expect(screen.getByRole('alert').textContent).toBe('Acabamos de enviarte un correo. Espera un minuto antes de pedir otro.')
    expect(field('Nueva dirección de correo').getAttribute('aria-invalid')).toBeNull()

    fakeClient.updateUser.mockResolvedValueOnce(refused('unexpected_failure', 500))
    await click('Cambiar la dirección de correo')
    expect(screen.getByRole('alert').textContent).toBe('No pudimos cambiar tu dirección de correo. Inténtalo de nuevo.')
    expect(screen.getByRole('status').textContent).toBe('')
    expect(field('Nueva dirección de correo').value).toBe(NEW_EMAIL)
  })
})
