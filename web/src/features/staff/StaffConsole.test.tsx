import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../auth/api/client-loader'
import { closeLoginDialog } from '../auth/login-dialog-store'
import { answerApi, fakeClient, me, refusal, renderConsole, resetHarness, sent, serveApi, summary, TOKEN } from './test-harness'

vi.mock('../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const LUCIA = summary()
const JOAO = summary({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'João Silva', language: 'pt', starts_at: '2026-12-01T20:00:00Z', ends_at: '2026-12-01T20:30:00Z', traveller_time_zone: 'America/Bogota', meeting_url: null, meeting_phone: '+57 601 555 0100' })

beforeAll(() => {
  serveApi()
  // Only the clock: "today" is Tuesday 1 December 2026 in Bogotá; timers stay real for the UI.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-12-01T15:00:00Z'))
})
afterAll(() => vi.useRealTimers())
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(() => {
  cleanup()
  closeLoginDialog()
})

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const bookingsAsked = () => sent.filter((request) => request.url.startsWith('/api/v1/staff/bookings?')).map((request) => request.url)

function serveAgenda(who = me()) {
  answerApi((request) => {
    if (request.url === '/api/v1/staff/me') return Response.json(who)
    if (request.url.startsWith('/api/v1/staff/bookings?')) return Response.json({ items: [JOAO, LUCIA] })
    return refusal(404, 'not_found')
  })
}

describe('the door of the staff console', () => {
  it('asks a signed-out visitor to sign in, in the login dialog', async () => {
    await renderConsole('/staff', 'en', { signedIn: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByTestId('dialog').textContent).toBe('signin')
    expect(sent).toEqual([])
  })

  it('tells someone without a team role that the area is for the team', async () => {
    answerApi(() => refusal(403, 'not_staff'))
    await renderConsole('/staff', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'This area is for the Rumbo team' })).toBeTruthy()
    expect(sent[0]).toMatchObject({ url: '/api/v1/staff/me', token: TOKEN })
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull()
  })

  it('asks in Spanish for the two-step code (insufficient_aal), in the dialog when the user has an authenticator', async () => {
    answerApi(() => refusal(403, 'insufficient_aal'))
    await renderConsole('/es/staff', 'es', { factors: [{ id: 'f1', status: 'verified', factor_type: 'totp' }] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Se necesita tu código de verificación en dos pasos' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Ingresar el código' }))
    expect(screen.getByTestId('dialog').textContent).toBe('mfa')
  })

  it('sends a user with no authenticator to set one up on the account page', async () => {
    answerApi(() => refusal(403, 'insufficient_aal'))
    await renderConsole('/pt/staff', 'pt')
    const link = await screen.findByRole('link', { name: 'Ativar a verificação em duas etapas' })
    expect(link.getAttribute('href')).toBe('/pt/account')
  })

  it('keeps the console out of search engines', async () => {
    serveAgenda()
    await renderConsole('/staff', 'en')
    await screen.findByRole('heading', { level: 1, name: 'Agenda' })
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
  })
})

describe('the sections a member sees', () => {
  it('hides the admin sections from a consultant, and shows them to an admin', async () => {
    serveAgenda()
    await renderConsole('/staff', 'en')
    const nav = await screen.findByRole('navigation', { name: 'Console sections' })
    const names = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(names).toEqual(['Agenda', 'Cases', 'Opinions', 'Availability'])
    expect(within(nav).getByRole('link', { name: 'Agenda' }).getAttribute('aria-current')).toBe('page')
    cleanup()
    serveAgenda(me({ roles: ['consultant', 'admin'] }))
    await renderConsole('/staff/team', 'en')
    const adminNav = await screen.findByRole('navigation', { name: 'Console sections' })
    expect(within(adminNav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Agenda',
      'Cases',
      'Opinions',
      'Availability',
      'Dashboard',
      'Orders',
      'Stock',
      'Discounts',
      'Newsletter',
      'Users',
      'Team',
      'Audit log',
    ])
  })

  it('says a typed admin address is for admins only', async () => {
    serveAgenda()
    await renderConsole('/staff/audit', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy()
    expect(screen.getByText('Only admins can do this.')).toBeTruthy()
    expect(sent.some((request) => request.url.includes('/staff/audit'))).toBe(false)
  })
})

describe('the agenda', () => {
  it("lists today's consultations by start, in the consultant's zone with the traveller's time beside it", async () => {
    serveAgenda()
    await renderConsole('/staff', 'en')
    await screen.findByRole('link', { name: 'Lucía Pérez' })
    const list = screen.getByRole('link', { name: 'Lucía Pérez' }).closest('ul')!
    const [first, second, ...rest] = within(list).getAllByRole('listitem')
    expect(rest).toEqual([])
    expect(first!.textContent).toContain('9:00 AM (UTC-5)')
    expect(first!.textContent).toContain('Traveller: 3:00 PM (UTC+1)')
    expect(first!.textContent).toContain('until 10:00 AM')
    expect(first!.textContent).toContain('Español · Scheduled · with Ana Restrepo')
    expect(within(first!).getByRole('link', { name: 'Lucía Pérez' }).getAttribute('href')).toBe(`/staff/bookings/${LUCIA.id}`)
    expect(within(first!).getByRole('link', { name: /Join the meeting/ }).getAttribute('href')).toBe('https://meet.example/abc')
    // Same clock in Bogotá: no second time.
    expect(second!.textContent).toContain('3:00 PM (UTC-5)')
    expect(second!.textContent).not.toContain('Traveller:')
    expect(within(second!).getByRole('link', { name: 'Call +57 601 555 0100' }).getAttribute('href')).toBe('tel:+576015550100')
    expect(bookingsAsked()).toEqual(['/api/v1/staff/bookings?from=2026-11-30&to=2026-12-02&consultant=mine'])
    expect(sent.every((request) => request.token === TOKEN)).toBe(true)
    expect(screen.getByText('Tuesday, December 1, 2026')).toBeTruthy()
  })

  it('switches to the week, moves to the next one, and shows everyone’s, keeping it all in the address', async () => {
    serveAgenda()
    await renderConsole('/staff', 'en')
    await screen.findByRole('link', { name: 'Lucía Pérez' })
    await click(screen.getByRole('button', { name: 'Week' }))
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('location').textContent).toBe('/staff?view=week')
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7))
    expect(screen.getByRole('heading', { level: 2, name: /Tuesday, December 1, 2026/ }).textContent).toContain('(Today)')
    await click(screen.getByRole('button', { name: /Next week/ }))
    expect(screen.getByTestId('location').textContent).toBe('/staff?view=week&day=2026-12-08')
    await act(async () => fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } }))
    expect(screen.getByTestId('location').textContent).toBe('/staff?view=week&day=2026-12-08&who=all')
    await waitFor(() => expect(bookingsAsked()).toContain('/api/v1/staff/bookings?from=2026-12-06&to=2026-12-14'))
    await click(screen.getByRole('button', { name: 'Today' }))
    expect(screen.getByTestId('location').textContent).toBe('/staff?view=week&who=all')
    expect(bookingsAsked()).toEqual([
      '/api/v1/staff/bookings?from=2026-11-30&to=2026-12-02&consultant=mine',
      '/api/v1/staff/bookings?from=2026-11-29&to=2026-12-07&consultant=mine',
      '/api/v1/staff/bookings?from=2026-12-06&to=2026-12-14&consultant=mine',
      '/api/v1/staff/bookings?from=2026-12-06&to=2026-12-14',
      '/api/v1/staff/bookings?from=2026-11-29&to=2026-12-07',
    ])
  })

  it('says a failed read in the page’s language, with a retry', async () => {
    answerApi((request) => (request.url === '/api/v1/staff/me' ? Response.json(me()) : refusal(500, 'internal_error')))
    await renderConsole('/pt/staff', 'pt')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Algo deu errado')
    serveAgenda()
    await click(within(alert).getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('link', { name: 'Lucía Pérez' })).toBeTruthy()
  })
})
