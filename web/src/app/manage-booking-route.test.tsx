import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppRoutes } from './router'
import { initI18n } from '../i18n/setup'
import { parseRuntimeConfig } from '../lib/config'
import { ConfigProvider } from '../lib/config-context'
import { json } from '../test/content-fixtures'
import { serveLocales } from '../test/locales'
import { AuthProvider } from '../features/auth/AuthProvider'
import { tokenFor } from '../features/consultations/booking-store'
import { CONSULTANT_ZONE } from '../features/consultations/time'
import type { Booking } from '../lib/api/types'
import type { ManagedBooking } from '../features/consultations/types'

const ID = '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab'
const TOKEN = 'tok-123'
const HOUR = 3_600_000

let booking: ManagedBooking
let requests: { path: string; body: unknown; token: string | null }[]

function confirmedIn(ms: number): Booking {
  const start = new Date(Math.ceil((Date.now() + ms) / HOUR) * HOUR)
  return {
    id: ID,
    status: 'confirmed',
    plan: { id: 'complete', name: 'Completa', duration_minutes: 60, price_cents: 9900, currency: 'USD' },
    start: start.toISOString(),
    end: new Date(start.getTime() + HOUR).toISOString(),
    time_zone: CONSULTANT_ZONE,
    hold_expires_at: null,
    amount_cents: 9900,
    currency: 'USD',
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    country: 'Spain',
    message: 'Perdieron mi maleta en Lima.',
    language: 'es',
    payment: { provider: 'sandbox', status: 'succeeded', client_secret: null, publishable_key: null, card_brand: 'visa', card_last4: '4242' },
    cancellation_deadline: new Date(start.getTime() - 24 * HOUR).toISOString(),
    change_fee_cents: 1500,
    refund_cents: null,
    documents: [],
    meeting_url: null,
    meeting_phone: null,
    case: null,
  }
}

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname } = new URL(url, 'http://localhost')
  const token = init?.headers ? new Headers(init.headers).get('X-Booking-Token') : null
  requests.push({ path: pathname, body: init?.body ? JSON.parse(init.body as string) : null, token })
  if (token !== TOKEN && pathname.startsWith('/api/v1/consultations/bookings/')) return json({ error_code: 'not_found' }, 404)
  if (pathname === `/api/v1/consultations/bookings/${ID}`) return json(booking)
  if (pathname === `/api/v1/consultations/bookings/${ID}/cancel`) {
    const late = Date.now() >= Date.parse(booking.cancellation_deadline)
    booking = { ...booking, status: 'cancelled', refund_cents: late ? 8400 : 9900 }
    return json(booking)
  }
  if (pathname === `/api/v1/consultations/bookings/${ID}/reschedule`) {
    const body = JSON.parse(init!.body as string) as { slot_start: string; card?: unknown }
    if (Date.now() >= Date.parse(booking.cancellation_deadline) && !body.card) {
      return json({ error_code: 'change_fee_required', fee_cents: 1500 }, 402)
    }
    booking = { ...booking, start: body.slot_start, end: new Date(Date.parse(body.slot_start) + HOUR).toISOString() }
    return json(booking)
  }
  if (pathname === `/api/v1/consultations/bookings/${ID}/questions`) {
    const { message } = JSON.parse(init!.body as string) as { message: string }
    return json({ id: 'q1', from: 'traveller', body: message, created_at: new Date().toISOString() }, 201)
  }
  if (pathname === '/api/v1/consultations/slots') {
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR).toISOString()
    return json({ plan: 'complete', time_zone: CONSULTANT_ZONE, slots: [{ start, end: start }] })
  }
  return json({ error_code: 'not_found', message: 'Not found' }, 404)
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <ConfigProvider config={parseRuntimeConfig({}, 'http://localhost')}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Suspense fallback={null}>
              <AppRoutes />
            </Suspense>
          </MemoryRouter>
        </AuthProvider>
      </ConfigProvider>,
    )
  })
}

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(fakeApi)
  await initI18n('es', 'Rumbo')
})

beforeEach(() => {
  requests = []
  window.sessionStorage.clear()
})

afterEach(cleanup)

describe('the booking page (manage link)', { timeout: 20_000 }, () => {
  it('cancels for free more than 24 h ahead, saying the refund before confirming', async () => {
    booking = confirmedIn(5 * 24 * HOUR)
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu consulta' })).toBeTruthy()
    expect(await screen.findByText('Perdieron mi maleta en Lima.')).toBeTruthy()
    expect(screen.getByText('Pagado con Visa terminada en 4242')).toBeTruthy()
    // A sandbox deployment says so, so nobody takes the payment (or the refund) for a real one.
    expect(screen.getByText('Modo de prueba:').parentElement!.textContent).toBe(
      'Modo de prueba: no se hizo ningún cargo real por esta reserva. Este sitio no recibe pagos reales.',
    )
    expect(tokenFor(ID)).toBe(TOKEN) // kept for this tab
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar la consulta' }))
    const panel = screen.getByRole('region', { name: '¿Cancelar esta consulta?' })
    expect(within(panel).getByText(/cancelar no tiene costo: te reembolsamos USD\s99/)).toBeTruthy()
    expect(requests.some((request) => request.path.endsWith('/cancel'))).toBe(false)
    fireEvent.click(within(panel).getByRole('button', { name: 'Sí, cancelarla' }))
    expect(await screen.findByText(/Tu consulta está cancelada\. Te reembolsaremos USD\s99/)).toBeTruthy()
    expect(requests.find((request) => request.path.endsWith('/cancel'))!.token).toBe(TOKEN)
    expect(screen.queryByRole('button', { name: 'Cancelar la consulta' })).toBeNull()
  })

  it('keeps the fee under 24 h, and asks for a card to reschedule', async () => {
    booking = confirmedIn(5 * HOUR)
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar la consulta' }))
    expect(screen.getByText(/retenemos el cargo por cambio de USD\s15: te reembolsamos USD\s84/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mantener mi reserva' }))

    fireEvent.click(screen.getByRole('button', { name: 'Cambiar la fecha' }))
    expect(screen.getByText(/moverla cuesta el cargo por cambio de USD\s15/)).toBeTruthy()
    const time = await waitFor(() => {
      const radio = screen.queryAllByRole('radio').find((input) => !(input as HTMLInputElement).disabled && (input as HTMLInputElement).name.endsWith('-time'))
      if (!radio) throw new Error('no time yet')
      return radio
    })
    fireEvent.click(time)
    const card = screen.getByRole('group', { name: 'Datos de la tarjeta' })
    expect(document.getElementById(card.getAttribute('aria-describedby')!)!.textContent).toMatch(/^Modo de prueba: .*4242 4242 4242 4242/)
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4242 4242 4242 4242' } })
    fireEvent.change(screen.getByLabelText('Fecha de vencimiento'), { target: { value: '12/34' } })
    fireEvent.change(screen.getByLabelText('Código de seguridad'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: 'Lucía Pérez' } })
    fireEvent.click(screen.getByRole('button', { name: /Pagar USD\s15 y mover/ }))
    expect(await screen.findByText(/¡Listo! Tu consulta ahora empieza/)).toBeTruthy()
    const move = requests.find((request) => request.path.endsWith('/reschedule'))!
    expect(move.body).toMatchObject({ card: { card_number: '4242424242424242', exp: '12/34', cvc: '123', cardholder_name: 'Lucía Pérez' } })
  })

  it('says nothing of a test mode when Stripe took the payment', async () => {
    booking = { ...confirmedIn(5 * 24 * HOUR), payment: { ...confirmedIn(0).payment, provider: 'stripe', publishable_key: 'pk_test_x' } }
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    expect(await screen.findByText('Pagado con Visa terminada en 4242')).toBeTruthy()
    expect(screen.queryByText(/Modo de prueba/)).toBeNull()
  })

  it('says where the link is without a token, and a malformed id is not found', async () => {
    booking = confirmedIn(5 * 24 * HOUR)
    await renderAt(`/es/help/booking/${ID}`)
    expect(await screen.findByText(/Esta página necesita el enlace privado/)).toBeTruthy()
    cleanup()
    await renderAt('/es/help/booking/not-a-booking')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
    cleanup()
    await renderAt('/pt/help/booking')
    expect(await screen.findByRole('heading', { level: 1, name: 'Encontre seu agendamento' })).toBeTruthy()
  })
})

describe('the booking page after payment (issue 14: meeting, case, course of action, questions)', { timeout: 20_000 }, () => {
  const advice = {
    summary: 'Reclama el reembolso a la aerolínea.\nGuarda todas las facturas.',
    steps: [{ title: 'Escribe a la aerolínea', detail: 'Usa el formulario de reclamos.', due_date: '2027-01-10' }],
    sent_at: '2026-12-20T15:00:00Z',
  }

  it('offers the meeting link while the consultation is ahead, and the case progress with its due date', async () => {
    booking = {
      ...confirmedIn(2 * 24 * HOUR),
      meeting_url: 'https://meet.example/rumbo-ABC',
      meeting_phone: '+57 601 555 0100',
      case: { state: 'scheduled', due_at: '2026-12-22T14:00:00Z', opinion_url: null, advice: null, messages: [] },
    }
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    const join = await screen.findByRole('link', { name: 'Unirme a la consulta (se abre en una pestaña nueva)' })
    expect(join.getAttribute('href')).toBe('https://meet.example/rumbo-ABC')
    expect(join.getAttribute('target')).toBe('_blank')
    expect(join.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: '+57 601 555 0100' }).getAttribute('href')).toBe('tel:+576015550100')
    // The day in the visitor's own zone (this machine's).
    const due = new Intl.DateTimeFormat('es-419', { dateStyle: 'long' }).format(new Date('2026-12-22T14:00:00Z'))
    expect(due).toMatch(/^2[23] de diciembre de 2026$/)
    expect(screen.getByText(`Tu opinión y tu plan de acción estarán listos a más tardar el ${due}.`)).toBeTruthy()
    const steps = within(screen.getByRole('list', { name: 'Progreso de tu caso' })).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Consulta realizadaSiguiente paso',
      '2Opinión publicadaPendiente',
      '3Plan de acción enviadoPendiente',
    ])
    expect(steps[0]!.getAttribute('aria-current')).toBe('step')
    expect(screen.getByText(/Aún no hay preguntas/)).toBeTruthy()
  })

  it('after the consultation: no meeting link; the opinion, the course of action and the questions, and a new question', async () => {
    booking = {
      ...confirmedIn(-30 * 24 * HOUR),
      meeting_url: 'https://meet.example/rumbo-ABC',
      meeting_phone: null,
      case: {
        state: 'advice_sent',
        due_at: '2026-12-22T14:00:00Z',
        opinion_url: '/es/help/opinions/maleta-perdida-en-lima',
        advice,
        messages: [{ id: 'a1', from: 'staff', body: 'Sí, guárdalas.', created_at: '2026-12-21T15:00:00Z' }],
      },
    }
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu caso' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Unirme a la consulta/ })).toBeNull()
    expect(screen.queryByText(/a más tardar/)).toBeNull()
    const steps = within(screen.getByRole('list', { name: 'Progreso de tu caso' })).getAllByRole('listitem')
    expect(steps.every((step) => step.textContent!.endsWith('Hecho') && !step.hasAttribute('aria-current'))).toBe(true)
    expect(screen.getByRole('link', { name: 'Lee la opinión publicada sobre tu caso' }).getAttribute('href')).toBe('/es/help/opinions/maleta-perdida-en-lima')
    const plan = screen.getByRole('region', { name: 'Tu plan de acción' })
    expect(within(plan).getByText(/Reclama el reembolso a la aerolínea\.\s+Guarda todas las facturas\./)).toBeTruthy()
    expect(within(plan).getByRole('heading', { level: 3, name: 'Escribe a la aerolínea' })).toBeTruthy()
    expect(within(plan).getByText('Antes del domingo, 10 de enero de 2027')).toBeTruthy()
    expect(screen.getByText('Sí, guárdalas.')).toBeTruthy()
    expect(screen.getByText('El equipo de Rumbo')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Tu pregunta'), { target: { value: '¿Cuánto tarda la aerolínea en responder?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pregunta' }))
    expect(await screen.findByText('Tu pregunta se envió. Te responderemos por correo.')).toBeTruthy()
    expect(screen.getByText('¿Cuánto tarda la aerolínea en responder?')).toBeTruthy()
    const question = requests.find((request) => request.path.endsWith('/questions'))!
    expect(question).toMatchObject({ token: TOKEN, body: { message: '¿Cuánto tarda la aerolínea en responder?' } })
  })

  it('a closed case says so and takes no more questions; an unpaid booking shows no case', async () => {
    booking = {
      ...confirmedIn(-30 * 24 * HOUR),
      case: { state: 'closed', due_at: '2026-12-22T14:00:00Z', opinion_url: null, advice: null, messages: [] },
    }
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    expect(await screen.findByText('Este caso está cerrado.')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Progreso de tu caso' })).toBeNull()
    expect(screen.queryByLabelText('Tu pregunta')).toBeNull()
    cleanup()
    booking = { ...booking, status: 'cancelled', refund_cents: 9900 }
    await renderAt(`/es/help/booking/${ID}?token=${TOKEN}`)
    expect(await screen.findByText(/cancelada/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Tu caso' })).toBeNull()
  })
})
