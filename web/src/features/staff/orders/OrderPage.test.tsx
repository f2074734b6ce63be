import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { asked, orderDetail, serveBusiness } from '../business/test-fixtures'
import { fakeClient, refusal, renderConsole, resetHarness, sent, serveApi } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const change = (element: HTMLElement, value: string) => act(async () => fireEvent.change(element, { target: { value } }))
const posts = () => sent.filter((r) => r.method === 'POST')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe("an order's page", () => {
  it('shows the lines with their refunded units, the totals, the address, the payments and the history', async () => {
    serveBusiness({ 'GET /api/v1/staff/orders/o-1': () => Response.json(orderDetail()) })
    await renderConsole('/staff/orders/o-1', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R-10024' })).toBeTruthy()
    const items = screen.getByRole('table', { name: 'Items' })
    const guide = within(items).getByRole('rowheader', { name: /Lima guide/ }).closest('tr')!
    expect([...guide.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['GUIDE-PDF', '3', '1', '$10.00', '$30.00'])
    expect(screen.getByText('Left to refund').nextElementSibling!.textContent).toBe('$54.00')
    expect(screen.getByText('Calle 1 # 2-3')).toBeTruthy()
    expect(screen.getByText('visa ending in 4242')).toBeTruthy()
    expect(screen.getByText('order_receipt · sent')).toBeTruthy()
    // Paid, not digital, not shipped: it can be shipped; only an unpaid order can be canceled.
    expect(screen.getByRole('heading', { level: 2, name: 'Mark as shipped' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull()
  })

  it('refunds some units per line with an Idempotency-Key, says refund_too_large, and retries under the same key', async () => {
    serveBusiness({
      'GET /api/v1/staff/orders/o-1': () => Response.json(orderDetail()),
      'POST /api/v1/staff/orders/o-1/refunds': () => refusal(409, 'refund_too_large'),
    })
    await renderConsole('/staff/orders/o-1', 'en')
    const refund = await screen.findByRole('region', { name: 'Refund' })
    await click(within(refund).getByLabelText('Some units'))
    await change(within(refund).getByLabelText('Lima guide (PDF): units to refund (2 left)'), '2')
    await change(within(refund).getByLabelText('Reason (required)'), 'Wrong edition')
    await click(within(refund).getByLabelText('Put units back in stock'))
    await click(within(refund).getByRole('button', { name: 'Refund' }))
    expect(within(refund).getByText(/Refund order R-10024 now\?/)).toBeTruthy()
    await click(within(refund).getByRole('button', { name: 'Yes, refund' }))

    const alert = await within(refund).findByRole('alert')
    expect(alert.textContent).toBe('That is more than is left to refund on this order (another refund may have just been made). Reload the order and try again.')
    expect(posts().map((r) => r.body)).toEqual([{ reason: 'Wrong edition', restock: true, lines: [{ position: 2, quantity: 2 }] }])
    const key = posts()[0]!.headers['Idempotency-Key']!
    expect(key).toMatch(UUID)

    // The same submission again is a retry: the same key.
    await click(within(refund).getByRole('button', { name: 'Refund' }))
    await click(within(refund).getByRole('button', { name: 'Yes, refund' }))
    await waitFor(() => expect(posts()).toHaveLength(2))
    expect(posts()[1]!.headers['Idempotency-Key']).toBe(key)
  })

  it('refuses more units than are left, and no reason, without asking the server', async () => {
    serveBusiness({ 'GET /api/v1/staff/orders/o-1': () => Response.json(orderDetail()) })
    await renderConsole('/staff/orders/o-1', 'en')
    const refund = await screen.findByRole('region', { name: 'Refund' })
    await click(within(refund).getByLabelText('Some units'))
    await change(within(refund).getByLabelText('Lima guide (PDF): units to refund (2 left)'), '3')
    await click(within(refund).getByRole('button', { name: 'Refund' }))
    expect(within(refund).getByText('Enter a whole number no larger than the units left.')).toBeTruthy()
    expect(within(refund).getByText('This is required.')).toBeTruthy()
    expect(within(refund).queryByRole('button', { name: 'Yes, refund' })).toBeNull()
    expect(posts()).toEqual([])
  })

  it('marks as shipped only with a carrier and a tracking number', async () => {
    serveBusiness({
      'GET /api/v1/staff/orders/o-1': () => Response.json(orderDetail()),
      'POST /api/v1/staff/orders/o-1/ship': () => Response.json(orderDetail({ status: 'fulfilled', carrier: 'Servientrega', tracking_number: 'SV123' })),
    })
    await renderConsole('/staff/orders/o-1', 'en')
    const ship = await screen.findByRole('region', { name: 'Mark as shipped' })
    await change(within(ship).getByLabelText('Carrier'), '  ')
    await click(within(ship).getByRole('button', { name: 'Mark as shipped' }))
    expect(within(ship).getAllByText('This is required.')).toHaveLength(2)
    expect(within(ship).getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true')
    expect(posts()).toEqual([])

    await change(within(ship).getByLabelText('Carrier'), 'Servientrega')
    await change(within(ship).getByLabelText('Tracking number'), ' SV123 ')
    await click(within(ship).getByRole('button', { name: 'Mark as shipped' }))
    await waitFor(() => expect(asked(sent)).toContain('POST /api/v1/staff/orders/o-1/ship'))
    expect(posts()[0]!.body).toEqual({ carrier: 'Servientrega', tracking_number: 'SV123' })
    // The answer replaces the order: shipped, with its tracking number; the form gives way to
    // its confirmation, which takes the focus.
    await waitFor(() => expect(within(ship).queryByLabelText('Carrier')).toBeNull())
    const done = within(screen.getByRole('region', { name: 'Mark as shipped' })).getByRole('status')
    expect(document.activeElement).toBe(done)
    expect(screen.getByText('SV123')).toBeTruthy()
  })

  it('cancels an order awaiting payment after asking', async () => {
    serveBusiness({
      'GET /api/v1/staff/orders/o-1': () => Response.json(orderDetail({ status: 'pending_payment', paid_at: null, payments: [], refundable_cents: 0 })),
      'POST /api/v1/staff/orders/o-1/cancel': () => refusal(409, 'not_cancelable'),
    })
    await renderConsole('/pt/staff/orders/o-1', 'pt')
    await click(await screen.findByRole('button', { name: 'Cancelar o pedido' }))
    await click(screen.getByRole('button', { name: 'Sim, cancelar' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Só um pedido aguardando pagamento pode ser cancelado.')
    expect(asked(sent)).toContain('POST /api/v1/staff/orders/o-1/cancel')
  })
})
