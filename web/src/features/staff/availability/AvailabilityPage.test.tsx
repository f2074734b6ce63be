import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, CONSULTANT, detail, fakeClient, me, refusal, renderConsole, resetHarness, sent, serveApi, summary } from '../test-harness'
import type { Availability } from '../types'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const MARCO = { ...CONSULTANT, id: 'c-marco', user_id: 'u-marco', email: 'marco@rumbo.test', name: 'Marco Souza', time_zone: 'America/Sao_Paulo', languages: ['pt' as const, 'es' as const] }
const CONFLICT = summary({ name: 'Lucía Pérez', starts_at: '2099-01-05T14:00:00Z' })
let availability: Availability

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  availability = { consultants: [CONSULTANT, MARCO], conflicts: [CONFLICT] }
  answerApi((request) => {
    if (request.url === '/api/v1/staff/me') return Response.json(me())
    if (request.url === '/api/v1/staff/availability') return Response.json(availability)
    if (request.url === '/api/v1/staff/consultants/c-ana/time-off' && request.method === 'POST') {
      const added = { ...CONSULTANT, time_off: [{ id: 't1', ...(request.body as { starts_at: string; ends_at: string; reason: string }) }] }
      availability = { ...availability, consultants: [added, MARCO] }
      return Response.json({ consultant: added, conflicts: [CONFLICT] })
    }
    if (request.url === `/api/v1/staff/bookings/${CONFLICT.id}/reassign`) {
      availability = { ...availability, conflicts: [] }
      return Response.json(detail({ consultant_id: 'c-marco', consultant_name: 'Marco Souza' }))
    }
    return refusal(404, 'not_found')
  })
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const type = (element: HTMLElement, value: string) => act(async () => fireEvent.change(element, { target: { value } }))

describe('availability', () => {
  it("adds time off typed in the consultant's zone as UTC instants; only their own card is editable", async () => {
    await renderConsole('/staff/availability', 'en')
    const ana = await screen.findByRole('article', { name: 'Ana Restrepo' })
    expect(within(screen.getByRole('article', { name: 'Marco Souza' })).queryByRole('button')).toBeNull()
    await type(within(ana).getByLabelText('From (America/Bogota)'), '2099-01-05T00:00')
    await type(within(ana).getByLabelText('Until (America/Bogota)'), '2099-01-04T00:00')
    await click(within(ana).getByRole('button', { name: 'Add time off' }))
    expect(within(ana).getByText('The end must be after the start.')).toBeTruthy()
    await type(within(ana).getByLabelText('Until (America/Bogota)'), '2099-01-06T00:00')
    await type(within(ana).getByLabelText('Reason (optional)'), 'Dentist')
    await click(within(ana).getByRole('button', { name: 'Add time off' }))
    await waitFor(() => expect(within(ana).getByRole('status').textContent).toBe('Time off added. 1 booking no longer fits: see the list above.'))
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ starts_at: '2099-01-05T05:00:00Z', ends_at: '2099-01-06T05:00:00Z', reason: 'Dentist' }])
    expect(await within(ana).findByRole('button', { name: /^Remove the time off/ })).toBeTruthy()
  })

  it('reassigns a conflict to a consultant who speaks the language, and says so when it leaves the list', async () => {
    await renderConsole('/staff/availability', 'en')
    const conflicts = await screen.findByRole('region', { name: '1 booking needs another consultant' })
    const select = within(conflicts).getByLabelText('New consultant for Lucía Pérez') as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Marco Souza (PT, ES)'])
    await click(within(conflicts).getByRole('button', { name: 'Reassign' }))
    await waitFor(() => expect(screen.getByText('Every upcoming booking fits its consultant\'s hours.')).toBeTruthy())
    expect(screen.getByRole('region', { name: '0 bookings need another consultant' }).querySelector('output')?.textContent).toBe(
      "Lucía Pérez's consultation was reassigned to Marco Souza.",
    )
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ consultant_id: 'c-marco' }])
  })
})
