import type { Session, User } from '@supabase/auth-js'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../../../i18n/languages'
import { serveLocales, switchLanguage } from '../../../../test/locales'
import { loadAuthClient } from '../../api/client-loader'
import { AuthContext } from '../../auth-context'
import { ChangePasswordSection } from './ChangePasswordSection'

vi.mock('../../api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

type Answer = { data: unknown; error: { code?: string; status?: number; name?: string } | null }
const fakeClient = {
  updateUser: vi.fn<(attributes: { password: string; nonce?: string }) => Promise<Answer>>(),
  reauthenticate: vi.fn<() => Promise<Answer>>(),
}
const ok: Answer = { data: {}, error: null }
const refused = (code: string, status: number): Answer => ({ data: {}, error: { code, status, name: 'AuthApiError' } })

const EMAIL = 'ana@example.com'

async function renderSection(lang: Lang) {
  await switchLanguage(lang)
  const user = { id: 'u1', email: EMAIL } as User
  await act(async () => {
    render(
      <AuthContext value={{ user, session: { access_token: 't', user } as Session, loading: false }}>
        <ChangePasswordSection />
      </AuthContext>,
    )
  })
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
/** The ids an input's aria-describedby names, as the texts they point to. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)

beforeAll(() => serveLocales())

beforeEach(() => {
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  fakeClient.updateUser.mockReset()
  fakeClient.reauthenticate.mockReset()
})

afterEach(cleanup)

describe('changing the password on the account page', () => {
  it('changes it at once for a fresh session, says so, moves focus there and empties the form', async () => {
    fakeClient.updateUser.mockResolvedValue(ok)
    await renderSection('en')
    expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeTruthy()
    type('New password', 'Nueva-Clave-2026')
    type('Repeat the new password', 'Nueva-Clave-2026')
    await click('Change password')

    expect(fakeClient.updateUser).toHaveBeenCalledExactlyOnceWith({ password: 'Nueva-Clave-2026' })
    expect(fakeClient.reauthenticate).not.toHaveBeenCalled()
    const outcome = screen.getByRole('status')
    expect(outcome.textContent).toBe(
      'Your password has been changed. Your account was signed out on your other devices; on this one you stay signed in.',
    )
    expect(document.activeElement).toBe(outcome)
    expect(field('New password').value).toBe('')
    expect(field('Repeat the new password').value).toBe('')
  })

  it('uses the reset form rules and messages before asking the server', async () => {
    await renderSection('es')
    type('Nueva contraseña', 'abc')
    type('Repite la nueva contraseña', 'abc')
    await click('Cambiar contraseña')
    expect(description(field('Nueva contraseña'))).toContain('La contraseña debe tener al menos 6 caracteres')
    expect(document.activeElement).toBe(field('Nueva contraseña'))
    type('Nueva contraseña', 'abcdef')
    await click('Cambiar contraseña')
    expect(description(field('Repite la nueva contraseña'))).toContain('Las contraseñas no coinciden')
    expect(fakeClient.updateUser).not.toHaveBeenCalled()
  })

  it('asks for the e-mailed code when the session is old, then sends it as the nonce', async () => {
    fakeClient.updateUser.mockResolvedValueOnce(refused('reauthentication_needed', 400)).mockResolvedValueOnce(ok)
    fakeClient.reauthenticate.mockResolvedValue(ok)
    await renderSection('es')
    type('Nueva contraseña', 'Nueva-Clave-2026')
    type('Repite la nueva contraseña', 'Nueva-Clave-2026')
    await click('Cambiar contraseña')

    expect(fakeClient.reauthenticate).toHaveBeenCalledOnce()
    const code = field('Código de verificación')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(document.activeElement).toBe(code)
    expect(description(code)).toContain(`Para confirmar que eres tú, enviamos un código de 6 dígitos a ${EMAIL}.`)

    type('Código de verificación', '123 456')
    expect(code.value).toBe('123456')
    await click('Confirmar y cambiar la contraseña')
    expect(fakeClient.updateUser).toHaveBeenLastCalledWith({ password: 'Nueva-Clave-2026', nonce: '123456' })
    expect(screen.getByRole('status').textContent).toMatch(/^Tu contraseña se cambió\./)
    expect(field('Nueva contraseña').value).toBe('')
  })

  it('says a wrong code is wrong, sends a new one on request, and accepts the right one', async () => {
    fakeClient.updateUser
      .mockResolvedValueOnce(refused('reauthentication_needed', 400))
      .mockResolvedValueOnce(refused('reauthentication_not_valid', 422))
      .mockResolvedValueOnce(ok)
    fakeClient.reauthenticate.mockResolvedValue(ok)
    await renderSection('pt')
    type('Nova senha', 'Nova-Senha-2026')
    type('Repita a nova senha', 'Nova-Senha-2026')
    await click('Alterar senha')

    await click('Confirmar e alterar a senha')
    expect(description(field('Código de verificação'))).toContain('Digite o código do e-mail.')
    type('Código de verificação', '12345')
    await click('Confirmar e alterar a senha')
    expect(description(field('Código de verificação'))).toContain('O código tem 6 dígitos.')
    expect(fakeClient.updateUser).toHaveBeenCalledOnce()

    type('Código de verificação', '000000')
    await click('Confirmar e alterar a senha')
    const code = field('Código de verificação')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(description(code)).toContain('Este código está incorreto ou expirou. Confira-o ou peça um novo código.')
    expect(document.activeElement).toBe(code)

    await click('Enviar um novo código')
    expect(fakeClient.reauthenticate).toHaveBeenCalledTimes(2)
    const resent = `Enviamos um novo código para ${EMAIL}. Use o do e-mail mais recente.`
    expect(description(code)).toContain(resent)
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(resent)
    expect(code.getAttribute('aria-invalid')).toBeNull()

    type('Código de verificação', '654321')
    await click('Confirmar e alterar a senha')
    expect(fakeClient.updateUser).toHaveBeenLastCalledWith({ password: 'Nova-Senha-2026', nonce: '654321' })
    expect(screen.getByRole('status').textContent).toMatch(/^Sua senha foi alterada\./)
  })

  it('says why a password is refused, beside it, also after the code step', async () => {
    fakeClient.updateUser.mockResolvedValueOnce({ data: {}, error: { code: 'weak_password', status: 422, name: 'AuthWeakPasswordError' } })
    await renderSection('en')
    type('New password', 'password1')
    type('Repeat the new password', 'password1')
    await click('Change password')
    expect(field('New password').getAttribute('aria-invalid')).toBe('true')
    expect(description(field('New password'))).toContain("This password is too weak. Choose a longer one that's harder to guess.")
    expect(document.activeElement).toBe(field('New password'))

    // The server checks the code before comparing with the current password (server/src/auth/handlers/user.rs).
    fakeClient.updateUser.mockResolvedValueOnce(refused('reauthentication_needed', 400)).mockResolvedValueOnce(refused('same_password', 422))
    fakeClient.reauthenticate.mockResolvedValue(ok)
    type('New password', 'Old-Password-1')
    type('Repeat the new password', 'Old-Password-1')
    await click('Change password')
    type('Verification code', '123456')
    await click('Confirm and change password')
    expect(field('New password').value).toBe('Old-Password-1')
    expect(description(field('New password'))).toContain('Choose a password different from your current one.')
    expect(document.activeElement).toBe(field('New password'))
  })

  it('goes back from the code step with the password kept, and reports a code that could not be sent', async () => {
    fakeClient.updateUser.mockResolvedValue(refused('reauthentication_needed', 400))
    fakeClient.reauthenticate.mockResolvedValueOnce(ok).mockResolvedValueOnce(refused('over_email_send_rate_limit', 429))
    await renderSection('en')
    type('New password', 'Nueva-Clave-2026')
    type('Repeat the new password', 'Nueva-Clave-2026')
    await click('Change password')
    await click('Send a new code')
    expect(screen.getByRole('alert').textContent).toBe("We've just sent you an email. Please wait a minute before asking for another.")

    await click('Back')
    expect(field('New password').value).toBe('Nueva-Clave-2026')
    expect(document.activeElement).toBe(field('New password'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
