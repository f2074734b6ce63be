import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n/setup'
import { track } from '../../../lib/analytics'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { AuthProvider } from '../../auth/AuthProvider'
import { addDays, CONSULTANT_ZONE, dayOf } from '../time'
import { rememberToken } from '../booking-store'
import type { Booking, BookingRequest } from '../../../lib/api/types'
import { BookingFlow } from './BookingFlow'

vi.mock('../../../lib/analytics', () => ({ track: vi.fn<typeof track>() }))

const BOOKING_ID = '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab'
const TOKEN = 'manage-token-xyz'

// Two free times three days from now (consultant calendar), inside the first two-week view.
const day = addDays(dayOf(new Date(), CONSULTANT_ZONE), 3)
const SLOTS = [
  { start: `${day}T14:00:00Z`, end: `${day}T15:00:00Z` },
  { start: `${day}T15:00:00Z`, end: `${day}T16:00:00Z` },
]

const PLANS = [
  { id: 'essential', name: 'Esencial', description: 'Una revisión rápida.', duration_minutes: 30, price_cents: 4900, currency: 'USD', recommended: false },
  { id: 'complete', name: 'Completa', description: 'La consulta completa.', duration_minutes: 60, price_cents: 9900, currency: 'USD', recommended: true },
  { id: 'premium', name: 'Premium', description: 'Con seguimiento.', duration_minutes: 90, price_cents: 14900, currency: 'USD', recommended: false },
]

interface Server {
  bookingRequests: { body: BookingRequest; key: string | null }[]
  payments: Record<string, string>[]
  booking: Booking | null
  /** The next POST bookings answers this instead of a hold. */
  failNextBooking: { status: number; body: unknown } | null
}
let server: Server

const FORM: BookingRequest = {
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  country: 'Peru',
  message: 'Mi vuelo fue cancelado sin aviso.',
  plan: 'complete',
  slot_start: '',
  language: 'es',
}

function bookingView(body: BookingRequest, status: Booking['status']): Booking {
  const slot = SLOTS.find((candidate) => candidate.start === body.slot_start)!
  return {
    id: BOOKING_ID,
    status,
    plan: { id: 'complete', name: 'Completa', duration_minutes: 60, price_cents: 9900, currency: 'USD' },
    start: slot.start,
    end: slot.end,
    time_zone: CONSULTANT_ZONE,
    hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    amount_cents: 9900,
    currency: 'USD',
    name: body.name,
    email: body.email,
    country: body.country,
    message: body.message,
    language: body.language,
    payment: { provider: 'sandbox', status: 'requires_payment', client_secret: null, publishable_key: null, card_brand: null, card_last4: null },
    cancellation_deadline: new Date(Date.parse(slot.start) - 86_400_000).toISOString(),
    change_fee_cents: 1500,
    refund_cents: null,
    documents: [],
    meeting_url: null,
    meeting_phone: null,
    case: null,
  }
}

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const method = init?.method ?? 'GET'
  if (pathname === '/api/v1/consultations/plans') return json({ items: PLANS })
  if (pathname === '/api/v1/consultations/slots') {
    expect(searchParams.get('plan')).toBe('complete')
    return json({ plan: 'complete', time_zone: CONSULTANT_ZONE, slots: SLOTS })
  }
  if (pathname === '/api/v1/consultations/bookings' && method === 'POST') {
    const body = JSON.parse(init!.body as string) as BookingRequest
    const key = new Headers(init!.headers).get('Idempotency-Key')
    server.bookingRequests.push({ body, key })
    if (server.failNextBooking) {
      const { status, body: answer } = server.failNextBooking
      server.failNextBooking = null
      return json(answer, status)
    }
    server.booking = bookingView(body, 'held')
    return json({ ...server.booking, access_token: TOKEN }, 201)
  }
  if (pathname === `/api/v1/consultations/bookings/${BOOKING_ID}` && method === 'GET') {
    expect(new Headers(init!.headers).get('X-Booking-Token')).toBe(TOKEN)
    return server.booking ? json(server.booking) : json({ error_code: 'not_found' }, 404)
  }
  if (pathname === `/api/v1/consultations/bookings/${BOOKING_ID}/payment`) {
    // Paying with the id alone gets `{id, status}` back: the step sends the booking's token.
    expect(new Headers(init!.headers).get('X-Booking-Token')).toBe(TOKEN)
    const card = JSON.parse(init!.body as string) as Record<string, string>
    server.payments.push(card)
    if (card.card_number === '4000000000000002') return json({ error_code: 'card_declined', message: 'declined' }, 402)
    server.booking = {
      ...server.booking!,
      status: 'confirmed',
      hold_expires_at: null,
      payment: { ...server.booking!.payment, status: 'succeeded', card_brand: 'visa', card_last4: card.card_number!.slice(-4) },
    }
    return json(server.booking)
  }
  return json({ error_code: 'not_found', message: 'Not found' }, 404)
}

function Url() {
  const { search } = useLocation()
  return <output data-testid="url">{search}</output>
}

async function renderFlow(url: string) {
  await act(async () => {
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <BookingFlow />
            <Url />
          </Suspense>
        </MemoryRouter>
      </AuthProvider>,
    )
  })
}

const search = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '')
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

// Each step waits for the fake API; on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(fakeApi)
  await switchLanguage('es', ['consultations', 'help'])
})

beforeEach(() => {
  server = { bookingRequests: [], payments: [], booking: null, failNextBooking: null }
  window.sessionStorage.clear()
  vi.mocked(track).mockClear()
})

afterEach(cleanup)

describe('the booking flow in Spanish', { timeout: 30_000 }, () => {
  it('goes plan → time → payment (a decline, then another card) → confirmation, with the step in the address', async () => {
    await renderFlow('/es/help')
    const complete = await screen.findByRole('article', { name: 'Completa' })
    expect(within(complete).getByText('RECOMENDADO')).toBeTruthy()
    expect(within(complete).getByText(/USD\s99/)).toBeTruthy()
    expect(within(complete).getByText('por sesión')).toBeTruthy()
    fireEvent.click(within(complete).getByRole('button', { name: 'Elegir Completa' }))

    // Book Time: the step heading takes focus, the address names the step and the plan.
    const heading = await screen.findByRole('heading', { level: 3, name: /Reservar hora/ })
    // The step loads lazily; focus moves once it has rendered.
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(search().get('step')).toBe('time')
    expect(search().get('plan')).toBe('complete')

    // Sending the empty form shows the booking form's messages (docs/product.md#booking-form) in Spanish, each tied to its input.
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar al pago' }))
    for (const [label, message] of [
      ['Nombre', 'El nombre debe tener al menos 2 caracteres.'],
      ['Correo electrónico', 'Por favor ingresa un correo electrónico válido.'],
      ['País', 'Por favor selecciona tu país.'],
      ['¿Qué pasó?', 'El mensaje debe tener al menos 10 caracteres.'],
    ] as const) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(message).id)
    }
    expect(screen.getByText('Por favor elige un día y una hora.')).toBeTruthy()
    expect(server.bookingRequests).toEqual([])

    // The free times of the first free day; the first one is chosen.
    const first = await waitFor(() => {
      const radio = screen.getAllByRole('radio').find((input) => (input as HTMLInputElement).value === SLOTS[0]!.start)
      if (!radio) throw new Error('no time yet')
      return radio
    })
    fireEvent.click(first)
    type('Nombre', 'Lucía Pérez')
    type('Correo electrónico', 'lucia@example.com')
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'Spain' } })
    type('¿Qué pasó?', 'Perdieron mi maleta en Lima y nadie responde.')

    // The server's own field codes show the same messages.
    server.failNextBooking = { status: 400, body: { error_code: 'validation_failed', fields: { name: 'name_too_short' } } }
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    expect(await screen.findByText('El nombre debe tener al menos 2 caracteres.')).toBeTruthy()
    expect(screen.getByText('Por favor corrige los campos marcados.')).toBeTruthy()
    expect(track).toHaveBeenCalledWith({ name: 'help_form_submit', plan: 'complete' })

    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    await screen.findByRole('heading', { level: 3, name: /Pago/ })
    expect(search().get('booking')).toBe(BOOKING_ID)
    expect(server.bookingRequests.at(-1)!.body).toEqual({
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      country: 'Spain',
      message: 'Perdieron mi maleta en Lima y nadie responde.',
      plan: 'complete',
      slot_start: SLOTS[0]!.start,
      language: 'es',
      // The visitor's own IANA zone, for the consultant (issue 14).
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    // The retry after the 400 sent the same body, so the same Idempotency-Key.
    const [firstTry, secondTry] = server.bookingRequests
    expect(firstTry!.key).toBeTruthy()
    expect(secondTry!.key).toBe(firstTry!.key)

    expect(await screen.findByRole('timer')).toBeTruthy()
    // The sandbox provider takes no real payments: the card details begin by saying so.
    const cardDetails = screen.getByRole('group', { name: 'Datos de la tarjeta' })
    expect(within(cardDetails).getByText('Modo de prueba:').parentElement!.textContent).toBe(
      'Modo de prueba: no se cobra ningún pago real. Prueba con la tarjeta 4242 4242 4242 4242, cualquier fecha futura y cualquier código de seguridad.',
    )
    type('Número de tarjeta', '4000000000000002')
    type('Fecha de vencimiento', '1234')
    type('Código de seguridad', '123')
    type('Nombre en la tarjeta', 'Lucía Pérez')
    expect((screen.getByLabelText('Número de tarjeta') as HTMLInputElement).value).toBe('4000 0000 0000 0002')
    expect((screen.getByLabelText('Fecha de vencimiento') as HTMLInputElement).value).toBe('12/34')
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }))
    expect(await screen.findByText('Tu tarjeta fue rechazada. Por favor prueba con otra tarjeta.')).toBeTruthy()

    type('Número de tarjeta', '4242424242424242')
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }))
    await screen.findByRole('heading', { level: 3, name: /Confirmación/ })
    expect(search().get('step')).toBe('confirmation')
    expect(server.payments.map((card) => card.card_number)).toEqual(['4000000000000002', '4242424242424242'])
    expect(await screen.findByText(/Tu consulta está reservada/)).toBeTruthy()
    expect(screen.getByText('Modo de prueba:').parentElement!.textContent).toBe(
      'Modo de prueba: no se hizo ningún cargo real por esta reserva. Este sitio no recibe pagos reales.',
    )
    expect(screen.getByText('Perdieron mi maleta en Lima y nadie responde.')).toBeTruthy()
    expect(screen.getByText('60 minutos')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Gestionar tu reserva' }).getAttribute('href')).toBe(
      `/es/help/booking/${BOOKING_ID}?token=${TOKEN}`,
    )
    expect(track).toHaveBeenCalledWith({ name: 'generate_lead', value: 99, premium: true })

    // No card data ever reaches storage.
    const stored = JSON.stringify({ ...window.sessionStorage })
    expect(stored).not.toContain('4242')
    expect(stored).not.toContain('4000000000000002')

    fireEvent.click(screen.getByRole('button', { name: 'Reservar otra consulta' }))
    await screen.findByRole('heading', { level: 3, name: /Elegir plan/ })
    expect(search().toString()).toBe('')
  })

  it('keeps the step, the form and the hold through a reload, and Back keeps everything', async () => {
    await renderFlow('/es/help?step=time&plan=complete')
    const first = await waitFor(() => {
      const radio = screen.getAllByRole('radio').find((input) => (input as HTMLInputElement).value === SLOTS[1]!.start)
      if (!radio) throw new Error('no time yet')
      return radio
    })
    fireEvent.click(first)
    type('Nombre', 'Ana')
    type('Correo electrónico', 'ana@example.com')
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'Peru' } })
    type('¿Qué pasó?', 'Mi vuelo fue cancelado sin aviso.')
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    await screen.findByRole('timer')
    const paymentUrl = `/es/help?${search()}`

    // A reload: the same address, a new page, the tab's sessionStorage.
    cleanup()
    await renderFlow(paymentUrl)
    expect(await screen.findByRole('timer')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: /Pago/ })))

    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }))
    await screen.findByRole('heading', { level: 3, name: /Reservar hora/ })
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana')
    expect((screen.getByLabelText('¿Qué pasó?') as HTMLTextAreaElement).value).toBe('Mi vuelo fue cancelado sin aviso.')
    await waitFor(() => {
      const radio = screen.getAllByRole('radio').find((input) => (input as HTMLInputElement).value === SLOTS[1]!.start)
      expect((radio as HTMLInputElement | undefined)?.checked).toBe(true)
    })
    // Unchanged form: the same key, so the server answers with the same hold.
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    await screen.findByRole('timer')
    expect(server.bookingRequests).toHaveLength(2)
    expect(server.bookingRequests[1]!.key).toBe(server.bookingRequests[0]!.key)
  })

  it('confirms a Stripe payment without any test-mode notice', async () => {
    const held = bookingView({ ...FORM, slot_start: SLOTS[0]!.start }, 'confirmed')
    server.booking = { ...held, payment: { ...held.payment, provider: 'stripe', status: 'succeeded', card_brand: 'visa', card_last4: '4242' } }
    rememberToken(BOOKING_ID, TOKEN)
    await renderFlow(`/es/help?step=confirmation&plan=complete&booking=${BOOKING_ID}`)
    expect(await screen.findByText(/Tu consulta está reservada/)).toBeTruthy()
    expect(screen.getByText('Pagado con Visa terminada en 4242')).toBeTruthy()
    expect(screen.queryByText(/Modo de prueba/)).toBeNull()
  })

  it('offers the next free times when the slot was just taken', async () => {
    await renderFlow('/es/help?step=time&plan=complete')
    const radio = await waitFor(() => {
      const found = screen.getAllByRole('radio').find((input) => (input as HTMLInputElement).value === SLOTS[0]!.start)
      if (!found) throw new Error('no time yet')
      return found
    })
    fireEvent.click(radio)
    type('Nombre', 'Ana')
    type('Correo electrónico', 'ana@example.com')
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'Peru' } })
    type('¿Qué pasó?', 'Mi vuelo fue cancelado sin aviso.')
    server.failNextBooking = { status: 409, body: { error_code: 'slot_taken', next_slots: [SLOTS[1]] } }
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    expect(await screen.findByText(/alguien acaba de reservar esa hora\. Abajo tienes/)).toBeTruthy()
    const offer = screen.getByText('Siguientes horas libres').parentElement!
    fireEvent.click(within(offer).getByRole('button'))
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    await screen.findByRole('timer')
    expect(server.bookingRequests.at(-1)!.body.slot_start).toBe(SLOTS[1]!.start)
    expect(i18n.language).toBe('es')
  })
})
