import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, CONSULTANT, detail, fakeClient, me, refusal, renderConsole, resetHarness, sent, serveApi } from '../test-harness'
import type { BookingDetail } from '../types'
import { parseMeeting } from './MeetingForm'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const ID = detail().id
const PATH = `/api/v1/staff/bookings/${ID}`
let booking: BookingDetail

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  booking = detail()
})
afterEach(cleanup)

/** The API of one booking; `write` answers its writes (by path and body). */
function serveBooking(write: (path: string, body: unknown) => Response = () => refusal(404, 'not_found')) {
  answerApi((request) => {
    if (request.url === '/api/v1/staff/me') return Response.json(me())
    if (request.url === PATH && request.method === 'GET') return Response.json(booking)
    if (request.url === '/api/v1/staff/availability') return Response.json({ consultants: [CONSULTANT], conflicts: [] })
    if (request.url.startsWith('/api/v1/staff/bookings')) return write(request.url.slice(PATH.length + 1), request.body)
    return refusal(404, 'not_found')
  })
}

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const type = (element: HTMLElement, value: string) => act(async () => fireEvent.change(element, { target: { value } }))
const region = (name: string) => screen.getByRole('region', { name })

describe("a booking's page", () => {
  it('shows the facts in both zones, the case, and marks the consultation as held', async () => {
    serveBooking((path, body) => {
      expect([path, body]).toEqual(['outcome', { outcome: 'held' }])
      booking = { ...booking, outcome: 'held', case_state: 'held' }
      return Response.json(booking)
    })
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultation with Lucía Pérez' })).toBeTruthy()
    const facts = region('The consultation')
    expect(facts.textContent).toContain('Tuesday, December 1, 2026, 9:00 AM (UTC-5)')
    expect(facts.textContent).toContain('Traveller: Tue, Dec 1, 3:00 PM (UTC+1)')
    expect(facts.textContent).toContain('Spain')
    expect(within(region('The case')).getByText('Scheduled').closest('li')?.getAttribute('aria-current')).toBe('step')
    expect(within(region('What the traveller wrote')).getByRole('button', { name: 'Download billete.pdf' })).toBeTruthy()

    await click(within(region('After the consultation')).getByRole('button', { name: 'Mark as held' }))
    await waitFor(() => expect(within(region('After the consultation')).getByRole('status').textContent).toBe('Marked as held.'))
    expect(within(region('The case')).getByText('Consultation held').closest('li')?.getAttribute('aria-current')).toBe('step')
    // Held: rescheduling and reassigning are over, the opinion can be written.
    expect(screen.queryByRole('region', { name: 'Reschedule' })).toBeNull()
    expect(within(region('Public opinion')).getByLabelText('Category')).toBeTruthy()
  })

  it('asks once more before a no-show, which closes the case', async () => {
    serveBooking(() => {
      booking = { ...booking, outcome: 'no_show', case_state: 'closed' }
      return Response.json(booking)
    })
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    const panel = await screen.findByRole('region', { name: 'After the consultation' })
    await click(within(panel).getByRole('button', { name: 'Mark as no-show' }))
    expect(document.activeElement?.textContent).toMatch(/^A no-show closes the case/)
    expect(sent.some((r) => r.method === 'POST')).toBe(false)
    await click(within(panel).getByRole('button', { name: 'Yes, mark as no-show' }))
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Marked as a no-show. The case is closed.'))
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ outcome: 'no_show' }])
  })

  it("says the server's personal_data refusal beside the field it names, in the words of its reason, and sends only the written languages", async () => {
    booking = detail({ outcome: 'held', case_state: 'held' })
    const bodies: unknown[] = []
    serveBooking((_path, body) => {
      bodies.push(body)
      return refusal(422, 'personal_data', { fields: { 'texts.es.body': 'contains_name' } })
    })
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    const opinion = await screen.findByRole('region', { name: 'Public opinion' })
    const TEXT = 'Lucía Pérez perdió su maleta en Lima y la aerolínea tardó tres semanas en responder a su reclamo escrito.'
    const spanish = within(opinion).getByRole('group', { name: "Español (the traveller's language, required)" })
    expect(within(opinion).getAllByRole('group').map((group) => group.getAttribute('lang'))).toEqual(['es', 'en', 'pt'])

    await click(within(opinion).getByRole('button', { name: 'Save the draft' }))
    expect(within(opinion).getByLabelText('Category').getAttribute('aria-invalid')).toBe('true')
    expect(within(spanish).getAllByText('This is required.')).toHaveLength(2)
    expect(bodies).toEqual([])

    await act(async () => fireEvent.change(within(opinion).getByLabelText('Category'), { target: { value: 'airline' } }))
    await type(within(opinion).getByLabelText(/^Outcome/), 'Refund obtained')
    await type(within(spanish).getByLabelText('Title'), 'Maleta perdida en Lima')
    await type(within(spanish).getByLabelText('Text'), TEXT)
    await click(within(opinion).getByRole('button', { name: 'Save the draft' }))

    const alert = await within(opinion).findByRole('alert')
    expect(alert.textContent).toMatch(/^The text contains the traveller's personal data/)
    const body = within(spanish).getByLabelText('Text')
    expect(body.getAttribute('aria-invalid')).toBe('true')
    expect(body.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(body.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      "Remove the traveller's name from this field.",
    )
    expect(within(spanish).getByLabelText('Title').getAttribute('aria-invalid')).toBeNull()
    expect(bodies).toEqual([
      { category: 'airline', country: 'ES', outcome: 'Refund obtained', texts: { es: { title: 'Maleta perdida en Lima', body: TEXT } } },
    ])
  })

  it('adds and removes steps of the course of action, and sends it only after the question', async () => {
    booking = detail({ outcome: 'held', case_state: 'opinion_published' })
    serveBooking((_path, body) => {
      booking = { ...booking, case_state: 'advice_sent', advice: { ...(body as { summary: string; steps: [] }), sent_at: '2026-12-10T15:00:00Z' } }
      return Response.json(booking)
    })
    await renderConsole(`/es/staff/bookings/${ID}`, 'es')
    const advice = await screen.findByRole('region', { name: 'Plan de acción' })
    await type(within(advice).getByLabelText('Resumen'), 'Reclama a la aerolínea.')
    await click(within(advice).getByRole('button', { name: 'Agregar un paso' }))
    expect(within(advice).getAllByRole('group')).toHaveLength(2)
    const [one, two] = within(advice).getAllByRole('group')
    await type(within(one!).getByLabelText('Qué hacer'), 'Presenta el reclamo')
    await type(within(one!).getByLabelText('Hacer antes del'), '2099-01-15')
    await click(within(two!).getByRole('button', { name: 'Quitar el paso 2' }))
    expect(within(advice).getAllByRole('group')).toHaveLength(1)
    expect(within(advice).getByText('1 paso')).toBeTruthy()

    await click(within(advice).getByRole('button', { name: 'Enviar el plan de acción' }))
    expect(sent.some((r) => r.method === 'POST')).toBe(false)
    expect(within(advice).getByText(/^El viajero lo recibe por correo ahora/)).toBeTruthy()
    await click(within(advice).getByRole('button', { name: 'Sí, enviarlo' }))
    await waitFor(() => expect(within(advice).getByRole('status').textContent).toBe('Se envió el plan de acción al viajero.'))
    expect(sent.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      [`${PATH}/advice`, { summary: 'Reclama a la aerolínea.', steps: [{ title: 'Presenta el reclamo', detail: '', due_date: '2099-01-15' }] }],
    ])
    expect(within(advice).getByText('Presenta el reclamo', { exact: false })).toBeTruthy()
  })

  it('checks the steps before asking, and says what to fix', async () => {
    booking = detail({ outcome: 'held', case_state: 'opinion_published' })
    serveBooking()
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    const advice = await screen.findByRole('region', { name: 'Course of action' })
    await click(within(advice).getByRole('button', { name: 'Send the course of action' }))
    expect(within(advice).getByRole('alert').textContent).toBe('Please correct the highlighted fields before sending.')
    expect(within(advice).queryByText(/receives it by e-mail now/)).toBeNull()
    expect(within(advice).getByLabelText('Summary').getAttribute('aria-invalid')).toBe('true')
  })

  it('reschedules to a typed time in the consultant’s zone, and says a taken time', async () => {
    serveBooking(() => refusal(409, 'slot_taken'))
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    const panel = await screen.findByRole('region', { name: 'Reschedule' })
    const start = within(panel).getByLabelText('New start (America/Bogota)')
    expect((start as HTMLInputElement).value).toBe('2026-12-01T09:00')
    await type(start, '2099-01-05T10:30')
    await click(within(panel).getByRole('button', { name: 'Move the consultation' }))
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', 'Sorry, that time was just taken. Please choose another one.')
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ start: '2099-01-05T15:30:00Z' }])
  })
})

describe('the meeting details', () => {
  it('take an https address and a phone number, each optional, by the server\'s rules', () => {
    expect(parseMeeting(' https://meet.example/x ', '')).toEqual({ body: { url: 'https://meet.example/x', phone: null } })
    expect(parseMeeting('', ' +57 601 555 0100 ')).toEqual({ body: { url: null, phone: '+57 601 555 0100' } })
    expect(parseMeeting('', '')).toEqual({ body: { url: null, phone: null } })
    expect(parseMeeting('meet.example/x', '')).toEqual({ issues: { url: true } })
    // The server keeps https links only.
    expect(parseMeeting('http://meet.example/x', '12345')).toEqual({ issues: { url: true, phone: true } })
    expect(parseMeeting('', 'call me')).toEqual({ issues: { phone: true } })
  })

  it("put the server's refusal beside the field it names", async () => {
    serveBooking(() => refusal(400, 'validation_failed', { fields: { phone: 'invalid_phone' } }))
    await renderConsole(`/staff/bookings/${ID}`, 'en')
    const panel = await screen.findByRole('region', { name: 'Meeting link or phone' })
    await type(within(panel).getByLabelText('Phone number'), '+57 601 555 0100')
    await click(within(panel).getByRole('button', { name: 'Save meeting details' }))
    await waitFor(() => expect(within(panel).getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true'))
    expect(within(panel).getByLabelText('Meeting link').getAttribute('aria-invalid')).toBeNull()
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ url: 'https://meet.example/abc', phone: '+57 601 555 0100' }])
  })
})
