import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/query/query-client'
import { consultationKeys, useMyBookings, usePlans, useSlots } from './queries'

afterEach(() => vi.unstubAllGlobals())

function withClient(client: QueryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { client, wrapper }
}

function serve(...bodies: Array<{ status?: number; body: unknown }>) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>()
  for (const { status = 200, body } of bodies) fetch.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const plan = { id: 'quick', name: 'Quick', duration_minutes: 30, price_cents: 2900, currency: 'USD', features: [], recommended: false }

describe('the consultations query hooks', () => {
  it('usePlans asks once per language and serves the next reader from the cache', async () => {
    const fetch = serve({ body: { items: [plan] } })
    const { wrapper } = withClient()
    const first = renderHook(() => usePlans('es'), { wrapper })
    expect(first.result.current.status).toBe('loading')
    await waitFor(() => expect(first.result.current).toMatchObject({ status: 'ready', value: [plan] }))
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/consultations/plans?lang=es')
    const second = renderHook(() => usePlans('es'), { wrapper })
    expect(second.result.current).toMatchObject({ status: 'ready', value: [plan] })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('a failed read shows its error; retry asks again', async () => {
    serve({ status: 503, body: { error_code: 'unavailable', message: 'down' } }, { body: { items: [] } })
    const { wrapper } = withClient()
    const { result } = renderHook(() => useMyBookings('jwt'), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('error'))
    act(() => result.current.retry())
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', value: [] }))
  })

  it('useSlots asks for the consultants of a language, again when the refresh count changes (after a 409), and keeps nothing once unused', async () => {
    const slots = { time_zone: 'America/Bogota', slots: [{ start: '2030-01-07T14:00:00Z', end: '2030-01-07T14:30:00Z' }] }
    const fetch = serve({ body: slots }, { body: { ...slots, slots: [] } })
    const { client, wrapper } = withClient()
    const { result, rerender, unmount } = renderHook(({ refresh }) => useSlots('quick', '2030-01-07', '2030-01-20', 'pt', refresh), {
      wrapper,
      initialProps: { refresh: 0 },
    })
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', value: slots }))
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/consultations/slots?plan=quick&from=2030-01-07&to=2030-01-20&lang=pt')
    rerender({ refresh: 1 })
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', value: { slots: [] } }))
    unmount()
    await waitFor(() => expect(client.getQueryData(consultationKeys.slots('quick', '2030-01-07', '2030-01-20', 'pt', 1))).toBeUndefined())
  })
})
