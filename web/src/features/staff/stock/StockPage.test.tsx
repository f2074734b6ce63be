import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { asked, serveBusiness, stockItem } from '../business/test-fixtures'
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
const stock = () => Response.json({ threshold: 5, items: [stockItem(), stockItem({ sku: 'GUIDE-PDF', product_name: 'Lima guide', variant_name: 'PDF', stock: 40, low: false })] })

describe('the stock', () => {
  it('lists every variant, then only the low ones', async () => {
    serveBusiness({ 'GET /api/v1/staff/stock': stock, 'GET /api/v1/staff/stock?low=true': () => Response.json({ threshold: 5, items: [stockItem()] }) })
    await renderConsole('/staff/stock', 'en')
    expect(await screen.findByText('2 variants (low stock: 5 units or fewer).')).toBeTruthy()
    await click(screen.getByLabelText('Low stock only'))
    expect(await screen.findByText('1 variant (low stock: 5 units or fewer).')).toBeTruthy()
    expect(asked(sent)).toEqual(['GET /api/v1/staff/stock', 'GET /api/v1/staff/stock?low=true'])
  })

  it('refuses a change of 0 and a missing reason, then sends a signed change with its reason', async () => {
    serveBusiness({ 'GET /api/v1/staff/stock': stock, 'POST /api/v1/staff/stock/MAP-CO': () => Response.json(stockItem({ stock: 1 })) })
    await renderConsole('/staff/stock', 'en')
    const form = await screen.findByRole('form', { name: 'Adjust the stock of Map of Colombia (Paper)' })
    await change(within(form).getByLabelText('Change'), '0')
    await click(within(form).getByRole('button', { name: 'Adjust the stock of Map of Colombia (Paper)' }))
    expect(within(form).getByText('Enter a whole number other than 0, such as 5 or -2.')).toBeTruthy()
    expect(within(form).getByText('Write the reason.')).toBeTruthy()
    expect(posts()).toEqual([])

    await change(within(form).getByLabelText('Change'), '-2')
    await change(within(form).getByLabelText('Reason'), 'Damaged in the warehouse')
    await click(within(form).getByRole('button', { name: 'Adjust the stock of Map of Colombia (Paper)' }))
    await waitFor(() => expect(posts().map((r) => r.body)).toEqual([{ change: -2, reason: 'Damaged in the warehouse' }]))
    expect(await within(form).findByText('Map of Colombia (Paper): 1 in stock now.')).toBeTruthy()
  })

  it('says stock_below_zero in Spanish', async () => {
    serveBusiness({ 'GET /api/v1/staff/stock': stock, 'POST /api/v1/staff/stock/MAP-CO': () => refusal(409, 'stock_below_zero') })
    await renderConsole('/es/staff/stock', 'es')
    const form = await screen.findByRole('form', { name: 'Ajustar el inventario de Map of Colombia (Paper)' })
    await change(within(form).getByLabelText('Cambio'), '-9')
    await change(within(form).getByLabelText('Motivo'), 'Conteo')
    await click(within(form).getByRole('button', { name: 'Ajustar el inventario de Map of Colombia (Paper)' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('El inventario no puede quedar por debajo de cero: no quedan tantas unidades.')
  })
})
