import { cleanup, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { polyfillDialog, serveLocales } from '../../../test/locales'
import { loadAuthClient } from '../api/client-loader'
import { getAuthProviders } from '../api/settings'
import { reloadWithFlash } from '../flash'
import { click, dialog, fakeClient, openDialog, resetFakeClient, title, type } from './login-dialog-harness'

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

describe('login dialog views (SPEC §2, §4)', () => {
  it('is a labelled modal that moves between its views and back', async () => {
    await openDialog('en')
    expect(dialog().getAttribute('aria-labelledby')).toBe(within(dialog()).getByRole('heading').id)
    expect(title()).toBe('Welcome to Rumbo')
    expect(within(dialog()).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms')
    expect(within(dialog()).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy')
    expect(within(dialog()).queryByRole('button', { name: 'Continue with Google' })).toBeNull()

    await click('Continue with email')
    expect(title()).toBe('Create your account')
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('First name'))
    await click('Back')
    expect(title()).toBe('Welcome to Rumbo')
    await click('Sign in')
    expect(title()).toBe('Sign in')
    await click('Create an account')
    expect(title()).toBe('Create your account')
    await click('Sign in')
    await click('Forgot password?')
    expect(title()).toBe('Reset your password')
    await click('Back')
    expect(title()).toBe('Sign in')
  })

  it('offers Google only when the server says it is on', async () => {
    vi.mocked(getAuthProviders).mockResolvedValue({ google: true })
    await openDialog('es')
    expect(await within(dialog()).findByRole('button', { name: 'Continuar con Google' })).toBeTruthy()
  })
})

describe('sign-in form', () => {
  it('needs both fields, shows a wrong password in Spanish, and reloads home after success', async () => {
    await openDialog('es')
    await click('Inicia sesión')
    await click('Iniciar sesión')
    expect(within(dialog()).getByText('Por favor completa todos los campos')).toBeTruthy()

    fakeClient.signInWithPassword.mockResolvedValueOnce({ data: {}, error: { code: 'invalid_credentials', status: 400 } })
    type('Correo electrónico', 'ana@example.com')
    type('Contraseña', 'wrong-password')
    await click('Iniciar sesión')
    expect(within(dialog()).getByRole('alert').textContent).toBe('Correo electrónico o contraseña incorrectos.')
    expect(vi.mocked(reloadWithFlash)).not.toHaveBeenCalled()

    fakeClient.signInWithPassword.mockResolvedValueOnce({ data: {}, error: null })
    await click('Iniciar sesión')
    expect(vi.mocked(reloadWithFlash)).toHaveBeenCalledWith('/es', 'welcome_back')
  })

  it('falls back to SPEC §8 general message for an unknown failure', async () => {
    fakeClient.signInWithPassword.mockResolvedValue({ data: {}, error: { code: 'unexpected_failure', status: 500 } })
    await openDialog('es')
    await click('Inicia sesión')
    type('Correo electrónico', 'ana@example.com')
    type('Contraseña', 'whatever')
    await click('Iniciar sesión')
    expect(within(dialog()).getByRole('alert').textContent).toBe('Error al iniciar sesión')
  })
})
