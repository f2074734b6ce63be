import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Booking } from '../../lib/api/types'
import { createQueryClient } from '../../lib/query/query-client'
import { useCreateHold, useUploadDocument } from './mutations'
import { consultationKeys } from './queries'

afterEach(() => vi.unstubAllGlobals())

function serve(status: number, body: unknown) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function setup() {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { client, wrapper }
}

const held = { id: 'b1', status: 'held', documents: [] } as unknown as Booking
const byToken = consultationKeys.booking('b1', { token: 'tok' })
const byOwner = consultationKeys.booking('b1', { authToken: 'jwt' })

describe('the consultations mutations', () => {
  it('a write updates every cached read of that booking and marks My consultations stale', async () => {
    const fetch = serve(201, { ...held, status: 'held', hold_expires_at: 'later' })
    const { client, wrapper } = setup()
    client.setQueryData(byToken, held)
    client.setQueryData(byOwner, held)
    client.setQueryData(consultationKeys.myBookings('jwt'), [held])
    client.setQueryData(consultationKeys.booking('other', { token: 'x' }), { ...held, id: 'other' })
    const { result } = renderHook(() => useCreateHold(), { wrapper })
    await act(() => result.current.mutateAsync({ body: {} as never, idempotencyKey: 'key-1', authToken: 'jwt' }))
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Idempotency-Key')).toBe('key-1')
    expect(client.getQueryData<Booking>(byToken)?.hold_expires_at).toBe('later')
    expect(client.getQueryData<Booking>(byOwner)?.hold_expires_at).toBe('later')
    expect(client.getQueryData<Booking>(consultationKeys.booking('other', { token: 'x' }))?.hold_expires_at).toBeUndefined()
    expect(client.getQueryState(consultationKeys.myBookings('jwt'))?.isInvalidated).toBe(true)
  })

  it('an uploaded document joins the cached booking once', async () => {
    const document = { id: 'd1', filename: 'a.pdf', content_type: 'application/pdf', size_bytes: 3 }
    serve(201, document)
    const { client, wrapper } = setup()
    client.setQueryData(byToken, held)
    const { result } = renderHook(() => useUploadDocument(), { wrapper })
    const file = new File(['pdf'], 'a.pdf', { type: 'application/pdf' })
    await act(() => result.current.mutateAsync({ id: 'b1', token: 'tok', file }))
    await act(() => result.current.mutateAsync({ id: 'b1', token: 'tok', file }))
    expect(client.getQueryData<Booking>(byToken)?.documents).toEqual([document])
  })
})
