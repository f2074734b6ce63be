import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuthClient } from '../../auth/api/client-loader'
import { discount, serveBusiness } from '../business/test-fixtures'
import { fakeClient, refusal, renderConsole, resetHarness, sent, serveApi } from '../test-harness'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
})
afterEach(cleanup)

const click = (element: HTMLElement) => act(async () => fireEvent.click(element))
const change = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }))
const posts = () => sent.filter((r) => r.method === 'POST')

describe('the discounts', () => {
  it('lists each code with its uses and what it gave, and pauses one', async () => {
    serveBusiness({
      'GET /api/v1/staff/discounts': () => Response.json({ items: [discount()] }),
      'POST /api/v1/staff/discounts/VERANO10/active': () => Response.json(discount({ active: false })),
    })
    await renderConsole('/staff/discounts', 'en')
    const row = (await screen.findByRole('rowheader', { name: 'VERANO10' })).closest('tr')!
    expect(row.textContent).toContain('10 %')
    expect(row.textContent).toContain('7 of 100')
    expect(row.textContent).toContain('6 paid orders')
    expect(row.textContent).toContain('$31.50')
    await click(within(row).getByRole('button', { name: 'Pause VERANO10' }))
    await waitFor(() => expect(posts().map((r) => [r.url, r.body])).toEqual([['/api/v1/staff/discounts/VERANO10/active', { active: false }]]))
  })

  it('creates a fixed-amount code in cents, in capitals, with empty options as null', async () => {
    serveBusiness({
      'GET /api/v1/staff/discounts': () => Response.json({ items: [] }),
      'POST /api/v1/staff/discounts': () => Response.json(discount({ code: 'WELCOME5', kind: 'fixed', amount: 500 })),
    })
    await renderConsole('/staff/discounts', 'en')
    await screen.findByText('No discount codes yet.')
    await change('Code', ' welcome5 ')
    await change('Kind', 'fixed')
    await change('Amount (USD)', '5')
    await change('Minimum subtotal (USD, optional)', '20.50')
    await click(screen.getByRole('button', { name: 'Create the code' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]!.body).toEqual({ code: 'WELCOME5', kind: 'fixed', amount: 500, min_subtotal_cents: 2050, expires_at: null, max_uses: null })
    expect(await screen.findByText('WELCOME5 was created.')).toBeTruthy()
  })

  it('checks a percentage before sending, and says discount_exists', async () => {
    serveBusiness({ 'GET /api/v1/staff/discounts': () => Response.json({ items: [] }), 'POST /api/v1/staff/discounts': () => refusal(409, 'discount_exists') })
    await renderConsole('/staff/discounts', 'en')
    await screen.findByText('No discount codes yet.')
    await change('Code', 'VERANO10')
    await change('Percentage (1 to 100)', '150')
    await click(screen.getByRole('button', { name: 'Create the code' }))
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy()
    expect(posts()).toEqual([])
    await change('Percentage (1 to 100)', '10')
    await click(screen.getByRole('button', { name: 'Create the code' }))
    expect((await screen.findByRole('alert')).textContent).toBe('A discount with this code already exists. Choose another code.')
    expect(posts()[0]!.body).toMatchObject({ code: 'VERANO10', kind: 'percent', amount: 10 })
  })
})
