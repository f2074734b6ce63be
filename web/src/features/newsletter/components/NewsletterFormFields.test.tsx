import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES, type Lang } from '../../../i18n/languages'
import { localeFile, serveLocales, switchLanguage } from '../../../test/locales'
import { dismissToast, getToasts } from '../../toasts/toast-store'
import NewsletterFormFields from './NewsletterFormFields'

type Words = { newsletter: Record<string, string> }
const words = (lang: Lang) => (localeFile(lang, 'common') as unknown as Words).newsletter

interface Call {
  url: string
  body: unknown
}
let calls: Call[] = []
let answer: () => Response

async function renderForm(lang: Lang) {
  await switchLanguage(lang, ['common'])
  document.documentElement.lang = lang
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[lang === 'en' ? '/' : `/${lang}`]}>
        <NewsletterFormFields source="footer" tone="dark" />
      </MemoryRouter>,
    )
  })
  return words(lang)
}

const field = () => screen.getByRole('textbox')
const submit = (email: string, label: string) =>
  act(async () => {
    fireEvent.change(field(), { target: { value: email } })
    fireEvent.click(screen.getByRole('button', { name: label }))
  })
const subscribeCalls = () => calls.filter((call) => call.url.endsWith('/newsletter/subscriptions'))
const eventCalls = () => calls.filter((call) => call.url === '/api/v1/events')
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  calls = []
  answer = () => json(202, { message: 'server message' })
  serveLocales(async (url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null })
    return url === '/api/v1/events' ? new Response(null, { status: 204 }) : answer()
  })
  window.localStorage.clear()
})
afterEach(() => {
  cleanup()
  for (const toast of getToasts()) dismissToast(toast.id)
  vi.unstubAllGlobals()
})

describe('the rule, in every language', () => {
  it("says 'Por favor ingresa un email válido' in Spanish", async () => {
    const w = await renderForm('es')
    expect(w.invalid).toBe('Por favor ingresa un email válido')
  })

  for (const lang of LANGUAGES) {
    it(`${lang}: an address without @ is refused on the spot, tied to the field, and sent nowhere`, async () => {
      const w = await renderForm(lang)
      await submit('ana.example.com', w.submit!)
      const input = field()
      expect(input.getAttribute('aria-invalid')).toBe('true')
      const message = document.getElementById(input.getAttribute('aria-describedby')!)
      expect(message?.textContent).toBe(w.invalid)
      expect(message?.getAttribute('role')).toBe('alert')
      expect(document.activeElement).toBe(input)
      expect(subscribeCalls()).toEqual([])
      // Typing again clears it; the note describes the field again.
      fireEvent.change(input, { target: { value: 'ana@' } })
      expect(input.getAttribute('aria-invalid')).toBeNull()
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(w.note)
    })
  }
})

describe('subscribing', () => {
  it('sends address, language and source, toasts the server message, clears the field and counts the sign-up', async () => {
    const w = await renderForm('pt')
    await submit(' ana@example.com ', w.submit!)
    await waitFor(() => expect(getToasts()).toHaveLength(1))
    expect(subscribeCalls()).toEqual([
      { url: '/api/v1/newsletter/subscriptions', body: { email: 'ana@example.com', language: 'pt', source: 'footer' } },
    ])
    expect(getToasts()[0]).toMatchObject({ tone: 'success', title: 'Inscrição realizada com sucesso!', description: 'server message' })
    expect((field() as HTMLInputElement).value).toBe('')
    // The success state: the button says so (its other labels are hidden from everyone).
    expect(screen.getByRole('button').textContent).toContain(w.subscribed)
    expect(screen.getByRole('button', { name: w.subscribed })).toBeTruthy()
    await waitFor(() => expect(eventCalls()).toEqual([{ url: '/api/v1/events', body: { name: 'newsletter_signup', language: 'pt', source: 'footer' } }]))
  })

  it("falls back to 'Revisa tu email para la confirmación.' when the server sends no message", async () => {
    answer = () => json(202, {})
    const w = await renderForm('es')
    await submit('ana@example.com', w.submit!)
    await waitFor(() => expect(getToasts()).toHaveLength(1))
    expect(getToasts()[0]).toMatchObject({ title: 'Suscripción exitosa!', description: 'Revisa tu email para la confirmación.' })
  })

  it("shows 'Error al suscribirse. Por favor intenta de nuevo.' on failure and keeps the address", async () => {
    answer = () => json(500, { error_code: 'internal', message: 'x' })
    const w = await renderForm('es')
    await submit('ana@example.com', w.submit!)
    await waitFor(() => expect(getToasts()).toHaveLength(1))
    expect(getToasts()[0]).toMatchObject({ tone: 'error', title: 'Error al suscribirse. Por favor intenta de nuevo.' })
    expect((field() as HTMLInputElement).value).toBe('ana@example.com')
    expect(screen.getByRole('button', { name: w.submit })).toBeTruthy()
    expect(eventCalls()).toEqual([])
  })

  it('explains a rate limit, and marks an address the server refused', async () => {
    answer = () => json(429, { error_code: 'rate_limited', message: 'x' })
    const w = await renderForm('en')
    await submit('ana@example.com', w.submit!)
    await waitFor(() => expect(getToasts()).toHaveLength(1))
    expect(getToasts()[0]).toMatchObject({ tone: 'error', title: w.failure, description: w.rateLimited })
    answer = () => json(400, { error_code: 'invalid_email', message: 'x' })
    await submit('ana@example', w.submit!)
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'))
  })

  it('announces the subscribing state in its live region and ignores a second submit meanwhile', async () => {
    const pending: { release?: (response: Response) => void } = {}
    answer = () => new Promise<Response>((resolve) => (pending.release = resolve)) as unknown as Response
    const w = await renderForm('en')
    await submit('ana@example.com', w.submit!)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(w.subscribing))
    expect(screen.getByRole('button').getAttribute('aria-disabled')).toBe('true')
    await act(async () => fireEvent.submit(field().closest('form')!))
    expect(subscribeCalls()).toHaveLength(1)
    await act(async () => pending.release?.(json(202, { message: 'ok' })))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''))
  })
})
