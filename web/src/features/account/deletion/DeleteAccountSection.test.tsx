import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { localeFile } from '../../../test/locales'
import { loadAuthClient } from '../../auth/api/client-loader'
import { dismissToast, getToasts } from '../../toasts/toast-store'
import { answerApi, EMAIL, fakeClient, refusal, renderSection, resetHarness, sent, serveApi, TOKEN } from '../section-harness'
import DeleteAccountSection from './DeleteAccountSection'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))
vi.mock('../../toasts/mount-toasts', () => ({ mountToasts: () => undefined }))

const codes = (lang: 'en' | 'es' | 'pt') => (localeFile(lang, 'errors').codes as Record<string, string>)
let deletions: unknown[] = []
let refuse: Response | null = null

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  fakeClient.signOut.mockResolvedValue({ error: null })
  fakeClient.reauthenticate.mockResolvedValue({ data: { user: null, session: null }, error: null })
  deletions = []
  refuse = null
  answerApi((request) => {
    if (request.method !== 'DELETE' || request.url !== '/api/v1/account') return new Response(null, { status: 404 })
    deletions.push(request.body)
    const answer = refuse
    refuse = null
    return answer ?? new Response(null, { status: 204 })
  })
})
afterEach(() => {
  cleanup()
  for (const toast of getToasts()) dismissToast(toast.id)
})

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
/** The texts an input's aria-describedby points to. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
const location = () => screen.getByTestId('location').textContent

async function openPanel(lang: 'en' | 'es' | 'pt', start: string) {
  await renderSection(<DeleteAccountSection />, lang)
  await click(start)
}

describe('deleting the account', () => {
  it('opens a panel that says what goes and what stays, with the focus on its heading; Cancel closes it', async () => {
    await openPanel('en', 'Delete my account')
    const heading = screen.getByRole('heading', { level: 3, name: 'Delete your account for good?' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText(/Your consultations and orders stay in our books without your name, email or address/)).toBeTruthy()
    expect(screen.getByText(`We'll send a confirmation to ${EMAIL}.`)).toBeTruthy()
    expect(field('Your password').getAttribute('autocomplete')).toBe('current-password')
    await click('Cancel')
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull()
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeTruthy()
    expect(deletions).toEqual([])
  })

  it('with the password: a wrong one is said beside the field, the right one deletes, signs out and goes home with a toast', async () => {
    await openPanel('es', 'Eliminar mi cuenta')
    await click('Eliminar mi cuenta definitivamente')
    expect(deletions).toEqual([])
    expect(field('Tu contraseña').getAttribute('aria-invalid')).toBe('true')
    expect(description(field('Tu contraseña'))).toContain('Escribe tu contraseña.')
    expect(document.activeElement).toBe(field('Tu contraseña'))

    refuse = refusal(422, 'reauthentication_failed')
    type('Tu contraseña', 'not-it')
    await click('Eliminar mi cuenta definitivamente')
    expect(deletions).toEqual([{ password: 'not-it', lang: 'es' }])
    expect(description(field('Tu contraseña'))).toContain(codes('es').reauthentication_failed)
    expect(document.activeElement).toBe(field('Tu contraseña'))
    expect(fakeClient.signOut).not.toHaveBeenCalled()

    type('Tu contraseña', 'Viaje-2026!')
    await click('Eliminar mi cuenta definitivamente')
    expect(deletions.at(-1)).toEqual({ password: 'Viaje-2026!', lang: 'es' })
    expect(sent.at(-1)?.token).toBe(TOKEN)
    expect(fakeClient.signOut).toHaveBeenCalledExactlyOnceWith({ scope: 'local' })
    expect(location()).toBe('/es')
    expect(getToasts().map((toast) => [toast.tone, toast.title])).toEqual([['success', 'Tu cuenta se eliminó. Te enviamos una confirmación por correo.']])
  })

  it('without a password: a code is mailed (reauthenticate), then sent as the nonce; a new code on request', async () => {
    await openPanel('pt', 'Excluir minha conta')
    await click('Não tenho senha: envie-me um código por e-mail')
    expect(fakeClient.reauthenticate).toHaveBeenCalledTimes(1)
    const code = field('Código do e-mail')
    expect(document.activeElement).toBe(code)
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(description(code)).toContain(`Para confirmar que é você, enviamos um código de 6 dígitos para ${EMAIL}.`)
    expect(screen.queryByLabelText('Sua senha')).toBeNull()

    type('Código do e-mail', '123')
    await click('Excluir minha conta definitivamente')
    expect(deletions).toEqual([])
    expect(description(field('Código do e-mail'))).toContain(localeFile('pt', 'auth').code_format)

    await click('Enviar um novo código')
    expect(fakeClient.reauthenticate).toHaveBeenCalledTimes(2)
    expect(description(field('Código do e-mail'))).toContain(`Enviamos um novo código para ${EMAIL}. Use o do e-mail mais recente.`)

    refuse = refusal(422, 'reauthentication_failed')
    type('Código do e-mail', '123 456')
    expect(field('Código do e-mail').value).toBe('123456')
    await click('Excluir minha conta definitivamente')
    expect(deletions).toEqual([{ nonce: '123456', lang: 'pt' }])
    expect(description(field('Código do e-mail'))).toContain(codes('pt').reauthentication_failed)

    type('Código do e-mail', '654321')
    await click('Excluir minha conta definitivamente')
    expect(deletions.at(-1)).toEqual({ nonce: '654321', lang: 'pt' })
    expect(location()).toBe('/pt')
    expect(getToasts()[0]?.title).toBe('Sua conta foi excluída. Enviamos uma confirmação para seu e-mail.')
  })

  it('says the other refusals for the whole form: confirmation needed, a code that could not be sent', async () => {
    await openPanel('en', 'Delete my account')
    refuse = refusal(403, 'reauthentication_needed')
    type('Your password', 'secret-1')
    await click('Delete my account for good')
    expect(screen.getByRole('alert').textContent).toBe(codes('en').reauthentication_needed)
    expect(field('Your password').getAttribute('aria-invalid')).toBeNull()

    fakeClient.reauthenticate.mockResolvedValue({ data: {}, error: { code: 'over_email_send_rate_limit', status: 429, name: 'AuthApiError' } })
    await click("I don't have a password: email me a code")
    expect(screen.getByRole('alert').textContent).toBe("We've just sent you an email. Please wait a minute before asking for another.")
    // Still on the password: no code was sent.
    expect(field('Your password')).toBeTruthy()

    fakeClient.reauthenticate.mockResolvedValue({ data: {}, error: null })
    await click("I don't have a password: email me a code")
    await click('Use my password instead')
    expect(document.activeElement).toBe(field('Your password'))
    expect(location()).toBe('/account')
  })

  it('is busy while it deletes', async () => {
    let finish: ((response: Response) => void) | undefined
    answerApi(() => new Promise<Response>((resolve) => (finish = resolve)))
    await openPanel('en', 'Delete my account')
    type('Your password', 'secret-1')
    await click('Delete my account for good')
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => finish?.(new Response(null, { status: 204 })))
    expect(location()).toBe('/')
  })
})
