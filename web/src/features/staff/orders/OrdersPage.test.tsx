import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { asked, orderSummary, serveBusiness } from '../business/test-fixtures'
import { fakeClient, renderConsole, resetHarness, sent, serveApi } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const type = (label: string | RegExp, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }))
const list = (page: number, total = 45) => () => Response.json({ items: [orderSummary()], total, page, page_size: 20 })

describe('the orders list', () => {
  it('asks for the filters applied together, then the next page, keeping them in the address', async () => {
    const filtered = '/api/v1/staff/orders?status=paid&from=2026-11-01&to=2026-11-30&kind=physical&q=ana%40example.com'
    serveBusiness({ 'GET /api/v1/staff/orders': list(1), [`GET ${filtered}`]: list(1), [`GET ${filtered}&page=2`]: list(2) })
    await renderConsole('/staff/orders', 'en')
    expect(await screen.findByText('45 orders found.')).toBeTruthy()
    const row = screen.getByRole('link', { name: 'R-10024' })
    expect(row.getAttribute('href')).toBe('/staff/orders/o-1')
    expect(row.closest('tr')!.textContent).toContain('$54.00')

    // Typing asks nothing: the filters go together with the button.
    await type('Order number or e-mail', ' ana@example.com ')
    await act(async () => fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } }))
    await act(async () => fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'physical' } }))
    await type('Placed from', '2026-11-01')
    await type('Placed until', '2026-11-30')
    expect(asked(sent)).toEqual(['GET /api/v1/staff/orders'])
    await click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(asked(sent)).toContain(`GET ${filtered}`))
    expect(screen.getByTestId('location').textContent).toBe('/staff/orders?status=paid&from=2026-11-01&to=2026-11-30&kind=physical&q=ana%40example.com')

    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy()
    await click(within(pages).getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(asked(sent)).toContain(`GET ${filtered}&page=2`))
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy()
  })

  it('says in Spanish that nothing matched', async () => {
    serveBusiness({ 'GET /api/v1/staff/orders': () => Response.json({ items: [], total: 0, page: 1, page_size: 20 }) })
    await renderConsole('/es/staff/orders', 'es')
    expect(await screen.findByText('0 pedidos encontrados.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('downloads an export with the bearer token, through a Blob URL', async () => {
    const objectUrl = vi.fn<(object: Blob | MediaSource) => string>(() => 'blob:orders')
    // jsdom has no object URLs; fetch stays the harness's, so this is no stubGlobal.
    URL.createObjectURL = objectUrl
    URL.revokeObjectURL = () => undefined
    serveBusiness({
      'GET /api/v1/staff/orders': list(1),
      'GET /api/v1/staff/orders/export?from=2026-11-01&to=2026-11-30': () => new Response('number,sku\nR-10024,MAP-CO\n', { headers: { 'Content-Type': 'text/csv' } }),
    })
    await renderConsole('/staff/orders', 'en')
    await screen.findByText('45 orders found.')
    const exports = screen.getByRole('region', { name: 'Export for accounting' })
    await act(async () => fireEvent.change(within(exports).getByLabelText('From'), { target: { value: '2026-11-01' } }))
    await act(async () => fireEvent.change(within(exports).getByLabelText('To'), { target: { value: '2026-11-30' } }))
    await click(within(exports).getByRole('button', { name: 'Download orders (CSV)' }))
    expect(await within(exports).findByText('orders-2026-11-01-2026-11-30.csv is downloading.')).toBeTruthy()
    const request = sent.find((r) => r.url.includes('/export'))!
    expect(request.headers.Authorization).toBe('Bearer staff-token')
    expect(objectUrl).toHaveBeenCalledTimes(1)
  })
})
