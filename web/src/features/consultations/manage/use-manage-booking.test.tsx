import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Booking } from '../../../lib/api/types'
import { createQueryClient } from '../../../lib/query/query-client'
import { consultationKeys } from '../queries'
import { refundOf, useCancel, useReschedule } from './use-manage-booking'

afterEach(() => vi.unstubAllGlobals())

const HOUR = 3_600_000
const credentials = { token: 'tok', authToken: null }

function booking(startsIn: number, patch: Partial<Booking> = {}): Booking {
  const start = Date.now() + startsIn
  return {
    id: 'b1',
    status: 'confirmed',
    plan: { id: 'quick', name: 'Quick', duration_minutes: 30, price_cents: 4900, currency: 'USD' },
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR / 2).toISOString(),
    time_zone: 'America/Bogota',
    hold_expires_at: null,
    amount_cents: 4900,
    currency: 'USD',
    name: 'Ana',
    email: 'ana@example.com',
    country: 'Peru',
    message: 'Mi vuelo fue cancelado.',
    language: 'es',
    payment: { provider: 'sandbox', status: 'succeeded', client_secret: null, publishable_key: null, card_brand: 'visa', card_last4: '4242' },
    cancellation_deadline: new Date(start - 24 * HOUR).toISOString(),
    change_fee_cents: 1500,
    refund_cents: null,
    documents: [],
    ...patch,
  } as Booking
}

function serve(...answers: Array<{ status?: number; body: unknown }>) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>()
  for (const { status = 200, body } of answers) fetch.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function setup() {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { client, wrapper }
}

const slot = { start: '2030-01-07T14:00:00Z', end: '2030-01-07T14:30:00Z' }

describe('refundOf', () => {
  it('gives everything back before the deadline, less the change fee after it', () => {
    expect(refundOf(booking(48 * HOUR))).toEqual({ free: true, refund: 4900 })
    expect(refundOf(booking(2 * HOUR))).toEqual({ free: false, refund: 3400 })
    expect(refundOf(booking(2 * HOUR, { change_fee_cents: 9000 }))).toEqual({ free: false, refund: 0 })
  })
})

describe('useCancel', () => {
  it('cancels, hands over the server refund and updates the cached booking', async () => {
    const current = booking(48 * HOUR)
    const cancelled = { ...current, status: 'cancelled', refund_cents: 4000 }
    const fetch = serve({ body: cancelled })
    const { client, wrapper } = setup()
    client.setQueryData(consultationKeys.booking('b1', credentials), current)
    const onCancelled = vi.fn<(booking: Booking, refund: number) => void>()
    const { result } = renderHook(() => useCancel(current, credentials, onCancelled), { wrapper })
    await act(() => result.current.confirm())
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/consultations/bookings/b1/cancel')
    expect(onCancelled).toHaveBeenCalledWith(cancelled, 4000)
    expect(client.getQueryData<Booking>(consultationKeys.booking('b1', credentials))?.status).toBe('cancelled')
    expect(result.current.error).toBeNull()
  })

  it('keeps the booking and names the problem when the server refuses', async () => {
    serve({ status: 409, body: { error_code: 'not_changeable' } })
    const onCancelled = vi.fn<(booking: Booking, refund: number) => void>()
    const { result } = renderHook(() => useCancel(booking(48 * HOUR), credentials, onCancelled), { wrapper: setup().wrapper })
    await act(() => result.current.confirm())
    expect(onCancelled).not.toHaveBeenCalled()
    expect(result.current.error).toBe('not_changeable')
  })
})

describe('useReschedule', () => {
  it('moves nowhere without a time, then sends the chosen one', async () => {
    const moved = booking(72 * HOUR, { start: slot.start })
    const fetch = serve({ body: moved })
    const onMoved = vi.fn<(booking: Booking) => void>()
    const { result } = renderHook(() => useReschedule(booking(48 * HOUR), credentials, onMoved), { wrapper: setup().wrapper })
    expect(await act(() => result.current.move())).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    act(() => result.current.choose(slot))
    await act(() => result.current.move())
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ slot_start: slot.start })
    expect(onMoved).toHaveBeenCalledWith(moved)
  })

  it('a taken time offers the next ones and asks the calendar again; picking one clears the message', async () => {
    const next = { start: '2030-01-08T14:00:00Z', end: '2030-01-08T14:30:00Z' }
    serve({ status: 409, body: { error_code: 'slot_taken', next_slots: [next] } })
    const { result } = renderHook(() => useReschedule(booking(48 * HOUR), credentials, vi.fn<(booking: Booking) => void>()), { wrapper: setup().wrapper })
    act(() => result.current.choose(slot))
    await act(() => result.current.move())
    expect(result.current).toMatchObject({ slot: null, error: 'slot_taken', nextSlots: [next], refreshKey: 1 })
    act(() => result.current.pickNext(next))
    expect(result.current).toMatchObject({ slot: next, error: null, nextSlots: [] })
  })

  it('a late move asks for the fee; card problems go back to the card form', async () => {
    serve(
      { status: 402, body: { error_code: 'change_fee_required' } },
      { status: 402, body: { error_code: 'card_declined' } },
      { status: 400, body: { error_code: 'validation_failed', fields: { cvc: 'invalid_cvc' } } },
    )
    const { result } = renderHook(() => useReschedule(booking(48 * HOUR), credentials, vi.fn<(booking: Booking) => void>()), { wrapper: setup().wrapper })
    expect(result.current.feeRequired).toBe(false)
    act(() => result.current.choose(slot))
    await act(() => result.current.move())
    expect(result.current).toMatchObject({ feeRequired: true, error: 'change_fee_required' })
    const card = { card_number: '4000000000000002', exp: '12/30', cvc: '1', cardholder_name: 'Ana' }
    expect(await act(() => result.current.move(card))).toEqual({ error: 'card_declined' })
    expect(await act(() => result.current.move(card))).toEqual({ fields: { cvc: 'invalid_cvc' } })
  })

  it('starts with the fee once the deadline has passed', () => {
    const { result } = renderHook(() => useReschedule(booking(2 * HOUR), credentials, vi.fn<(booking: Booking) => void>()), { wrapper: setup().wrapper })
    expect(result.current.feeRequired).toBe(true)
  })
})
