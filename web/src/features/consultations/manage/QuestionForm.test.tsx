import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../lib/query/query-client'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { consultationKeys } from '../queries'
import type { CaseMessage, ManagedBooking } from '../types'
import { QuestionForm } from './QuestionForm'

const ID = '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab'
const credentials = { token: 'tok-123', authToken: null }
const SENT: CaseMessage = { id: 'm2', from: 'traveller', body: '¿Debo guardar las facturas del hotel?', created_at: '2026-12-05T10:00:00Z' }

let requests: { url: string; init: RequestInit | undefined }[] = []
let answer: () => Response

beforeAll(async () => {
  serveLocales(async (url, init) => {
    requests.push({ url, init })
    return answer()
  })
  await switchLanguage('es', ['consultations', 'errors'])
})
beforeEach(() => {
  requests = []
  answer = () => json(SENT, 201)
})
afterEach(cleanup)

async function renderForm() {
  const client = createQueryClient()
  const cached = { id: ID, case: { state: 'held', due_at: '2026-12-22T14:00:00Z', opinion_url: null, advice: null, messages: [] } } as unknown as ManagedBooking
  client.setQueryData(consultationKeys.booking(ID, credentials), cached)
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <QuestionForm bookingId={ID} credentials={credentials} />
        </Suspense>
      </QueryClientProvider>,
    )
  })
  return client
}

const field = () => screen.getByLabelText('Tu pregunta') as HTMLTextAreaElement
const type = (value: string) => fireEvent.change(field(), { target: { value } })
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar pregunta' })))

describe('the question form', () => {
  it('says the rule beside the field, in the page language, before asking the server', async () => {
    await renderForm()
    expect(field().getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(/Entre 10 y 2000 caracteres/)).toBeTruthy()
    type('¿Y ahora?')
    await send()
    expect(screen.getByText('Tu pregunta debe tener al menos 10 caracteres.')).toBeTruthy()
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(field().getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent)).toContain(
      'Tu pregunta debe tener al menos 10 caracteres.',
    )
    type('a'.repeat(2001))
    await send()
    expect(screen.getByText('Tu pregunta puede tener como máximo 2000 caracteres.')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('sends the question with the booking token, announces it, empties the field and adds it to the case', async () => {
    const client = await renderForm()
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    type(`  ${SENT.body}  `)
    await send()
    expect(requests).toHaveLength(1)
    const [{ url, init }] = requests as [(typeof requests)[number]]
    expect(url).toBe(`/api/v1/consultations/bookings/${ID}/questions?token=tok-123`)
    expect(init!.method).toBe('POST')
    expect(new Headers(init!.headers).get('X-Booking-Token')).toBe('tok-123')
    expect(JSON.parse(init!.body as string)).toEqual({ message: SENT.body })
    expect(await screen.findByText('Tu pregunta se envió. Te responderemos por correo.')).toBe(status)
    expect(field().value).toBe('')
    expect(field().hasAttribute('aria-invalid')).toBe(false)
    expect(client.getQueryData<ManagedBooking>(consultationKeys.booking(ID, credentials))!.case!.messages).toEqual([SENT])
  })

  it("shows the server's objections: beside the field for the message, as an alert otherwise", async () => {
    await renderForm()
    answer = () => json({ error_code: 'validation_failed', fields: { message: 'message_too_long' } }, 422)
    type('Una pregunta que el servidor rechaza.')
    await send()
    expect(screen.getByText('Tu pregunta puede tener como máximo 2000 caracteres.')).toBeTruthy()
    expect(field().value).toBe('Una pregunta que el servidor rechaza.')

    answer = () => json({ error_code: 'rate_limited' }, 429)
    await send()
    expect(screen.getByRole('alert').textContent).toBe('Demasiados intentos. Por favor espera unos minutos e inténtalo de nuevo.')
    expect(field().hasAttribute('aria-invalid')).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
