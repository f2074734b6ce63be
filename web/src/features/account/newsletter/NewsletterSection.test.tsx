import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, EMAIL, fakeClient, refusal, renderSection, resetHarness, sent, serveApi, TOKEN } from '../section-harness'
import NewsletterSection from './NewsletterSection'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

let stored: { subscribed: boolean; language: string | null } = { subscribed: false, language: null }

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  stored = { subscribed: false, language: null }
  answerApi(async (request) => {
    if (request.url !== '/api/v1/account/newsletter') return refusal(404, 'not_found')
    if (request.method === 'PUT') {
      const choice = request.body as { subscribed: boolean; language: string }
      stored = { subscribed: choice.subscribed, language: choice.language }
    }
    return Response.json(stored)
  })
})
afterEach(cleanup)

const toggle = () => screen.getByRole('switch')

describe('the newsletter switch', () => {
  it("turns the account's address on in the page's language, and off again", async () => {
    await renderSection(<NewsletterSection />, 'es')
    await waitFor(() => expect((toggle() as HTMLInputElement).disabled).toBe(false))
    expect((toggle() as HTMLInputElement).checked).toBe(false)
    await act(async () => fireEvent.click(toggle()))
    expect(sent.at(-1)).toEqual({ method: 'PUT', url: '/api/v1/account/newsletter', token: TOKEN, body: { subscribed: true, language: 'es' } })
    expect((toggle() as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('status').textContent).toBe(`Estás suscrito. La próxima carta llegará a ${EMAIL}.`)
    await act(async () => fireEvent.click(toggle()))
    expect(sent.at(-1)?.body).toEqual({ subscribed: false, language: 'es' })
    expect(screen.getByRole('status').textContent).toBe('No recibirás el boletín.')
  })

  it('changes the language of the letters of a subscription', async () => {
    stored = { subscribed: true, language: 'en' }
    await renderSection(<NewsletterSection />, 'pt')
    const select = screen.getByRole('combobox', { name: 'Idioma das cartas' }) as HTMLSelectElement
    await waitFor(() => expect(select.value).toBe('en'))
    await act(async () => fireEvent.change(select, { target: { value: 'pt' } }))
    expect(sent.at(-1)?.body).toEqual({ subscribed: true, language: 'pt' })
  })

  it('says why a change failed', async () => {
    answerApi((request) => (request.method === 'PUT' ? refusal(422, 'invalid_email') : Response.json(stored)))
    await renderSection(<NewsletterSection />, 'en')
    await waitFor(() => expect((toggle() as HTMLInputElement).disabled).toBe(false))
    await act(async () => fireEvent.click(toggle()))
    expect(screen.getByRole('alert').textContent).toMatch(/^We couldn't save your choice\. /)
    expect((toggle() as HTMLInputElement).checked).toBe(false)
  })
})
