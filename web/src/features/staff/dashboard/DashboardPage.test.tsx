import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { dashboard, serveBusiness } from '../business/test-fixtures'
import { fakeClient, me, renderConsole, resetHarness, sent, serveApi, answerApi, refusal } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const figure = (region: HTMLElement, term: string) => within(region).getByText(term).nextElementSibling!.textContent

describe('the dashboard', () => {
  it("shows the week's and the month's sales in the page's language, the work to watch and the subscribers", async () => {
    serveBusiness({ 'GET /api/v1/staff/dashboard': () => Response.json(dashboard()) })
    await renderConsole('/staff/dashboard', 'en')
    const week = await screen.findByRole('region', { name: 'This week' })
    expect(figure(week, 'Store sales')).toBe('$1,234.50')
    expect(figure(week, 'Consultations booked')).toBe('4')
    expect(figure(screen.getByRole('region', { name: 'This month' }), 'Store sales')).toBe('$3,703.50')
    expect(figure(screen.getByRole('region', { name: 'Work to watch' }), 'Overdue cases')).toBe('1')
    const spanish = within(screen.getByRole('table', { name: 'Newsletter subscribers' })).getByRole('rowheader', { name: 'Español' }).closest('tr')!
    expect(spanish.textContent).toBe('Español2,40012')
    expect(screen.getByRole('rowheader', { name: 'Lima en 3 días' }).closest('tr')!.textContent).toContain('4,321')
  })

  it('formats amounts in Portuguese', async () => {
    serveBusiness({ 'GET /api/v1/staff/dashboard': () => Response.json(dashboard()) })
    await renderConsole('/pt/staff/dashboard', 'pt')
    const week = await screen.findByRole('region', { name: 'Esta semana' })
    expect(figure(week, 'Vendas da loja')).toMatch(/^US\$\s1\.234,50$/)
  })

  it('is for admins only: a consultant is told so and nothing is asked', async () => {
    answerApi((request) => (request.url === '/api/v1/staff/me' ? Response.json(me()) : refusal(403, 'not_admin')))
    await renderConsole('/staff/dashboard', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByText('Only admins can do this.')).toBeTruthy()
    expect(sent.some((request) => request.url.includes('/dashboard'))).toBe(false)
  })
})
