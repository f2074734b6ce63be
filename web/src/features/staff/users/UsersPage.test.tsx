import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { asked, serveBusiness, userDetail } from '../business/test-fixtures'
import { fakeClient, renderConsole, resetHarness, sent, serveApi } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const posts = () => sent.filter((r) => r.method === 'POST')
const BANNED = '2099-01-01T00:00:00Z'

describe('the users', () => {
  it('searches by e-mail and links each result to its page', async () => {
    serveBusiness({ 'GET /api/v1/staff/users?q=lucia': () => Response.json({ items: [userDetail()] }) })
    await renderConsole('/staff/users', 'en')
    const search = await screen.findByRole('form', { name: 'Find users' })
    expect(asked(sent)).toEqual([])
    await act(async () => fireEvent.change(within(search).getByLabelText('E-mail address or part of it'), { target: { value: ' lucia ' } }))
    await click(within(search).getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('1 account matches “lucia”.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'lucia@example.com' }).getAttribute('href')).toBe('/staff/users/u-1')
    expect(asked(sent)).toEqual(['GET /api/v1/staff/users?q=lucia'])
  })

  it('blocks an account after asking, then unblocks it', async () => {
    serveBusiness({
      'GET /api/v1/staff/users/u-1': () => Response.json(userDetail()),
      'POST /api/v1/staff/users/u-1/ban': (request) =>
        Response.json(userDetail({ banned_until: (request.body as { banned: boolean }).banned ? BANNED : null })),
    })
    await renderConsole('/staff/users/u-1', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'lucia@example.com' })).toBeTruthy()
    // Confirmed already: nothing to resend. Her order is listed with a link to it.
    expect(screen.queryByRole('button', { name: 'Send the confirmation e-mail again' })).toBeNull()
    expect(screen.getByRole('link', { name: 'R-10024' }).getAttribute('href')).toBe('/staff/orders/o-1')

    await click(screen.getByRole('button', { name: 'Block the account' }))
    await click(screen.getByRole('button', { name: 'Yes, block it' }))
    expect(await screen.findByText('lucia@example.com is blocked.')).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Unblock the account' }))
    expect(await screen.findByText('lucia@example.com is unblocked.')).toBeTruthy()
    expect(posts().map((r) => r.body)).toEqual([{ banned: true, hours: null }, { banned: false }])
  })

  it('resends the confirmation of an unconfirmed address, and saves roles through the team call', async () => {
    serveBusiness({
      'GET /api/v1/staff/users/u-1': () => Response.json(userDetail({ email_confirmed_at: null })),
      'POST /api/v1/staff/users/u-1/resend-confirmation': () => new Response(null, { status: 202 }),
      'PUT /api/v1/staff/members/u-1/roles': () => Response.json({ id: 'u-1', email: 'lucia@example.com', roles: ['consultant'] }),
    })
    await renderConsole('/staff/users/u-1', 'en')
    await click(await screen.findByRole('button', { name: 'Send the confirmation e-mail again' }))
    expect(await screen.findByText('The confirmation e-mail was sent again to lucia@example.com.')).toBeTruthy()
    await click(screen.getByRole('checkbox', { name: 'Consultant' }))
    await click(screen.getByRole('button', { name: 'Save the roles of lucia@example.com' }))
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ roles: ['consultant'] }]))
  })
})
