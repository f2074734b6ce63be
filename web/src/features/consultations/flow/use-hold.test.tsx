import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { useCallback, useState, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorFromEnvelope } from '../../../lib/api-client'
import type { Booking, BookingRequest } from '../../../lib/api/types'
import { createQueryClient } from '../../../lib/query/query-client'
import { EMPTY_DRAFT, rememberToken, tokenFor, type Draft } from '../booking-store'
import type { DocumentEntry } from './flow-types'
import { useDocumentUploads } from './use-document-uploads'
import { holdIsLive, holdProblem, useHold } from './use-hold'

type Fetch = (url: string, init?: RequestInit) => Promise<Response>
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

function serve(...answers: Array<Response | Error>) {
  const fetch = vi.fn<Fetch>()
  for (const next of answers) fetch.mockImplementationOnce(async () => (next instanceof Error ? Promise.reject(next) : next))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const inAMinute = () => new Date(Date.now() + 15 * 60_000).toISOString()
const BODY: BookingRequest = { name: 'Ana Ruiz', email: 'ana@example.com', country: 'Peru', message: 'Mi vuelo fue cancelado.', plan: 'complete', slot_start: '2030-01-07T14:00:00Z', language: 'es' }
const heldView = (id: string, status: Booking['status'] = 'held') =>
  ({ id, status, start: BODY.slot_start, end: '2030-01-07T15:00:00Z', hold_expires_at: inAMinute(), documents: [], access_token: `tok-${id}` }) as unknown as Booking

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
}

function renderHold(initial: Draft = EMPTY_DRAFT) {
  return renderHook(
    () => {
      const [draft, setDraft] = useState(initial)
      const updateDraft = useCallback((update: (draft: Draft) => Draft) => setDraft(update), [])
      return { draft, ...useHold({ draft, updateDraft }, 'complete', 'jwt') }
    },
    { wrapper },
  )
}

const keyOf = (fetch: ReturnType<typeof serve>, call: number) => new Headers(fetch.mock.calls[call]![1]!.headers).get('Idempotency-Key')

beforeEach(() => window.sessionStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('useHold', () => {
  it('holds with an Idempotency-Key, and a retry of the same form sends the same key', async () => {
    const fetch = serve(new TypeError('offline'), answer(heldView('b1'), 201))
    const { result } = renderHold()
    await act(() => expect(result.current.hold(BODY)).rejects.toMatchObject({ code: 'network' }))
    const { booking, token } = await act(() => result.current.hold(BODY))
    expect(keyOf(fetch, 0)).toBeTruthy()
    expect(keyOf(fetch, 1)).toBe(keyOf(fetch, 0))
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get('Authorization')).toBe('Bearer jwt')
    expect(booking.id).toBe('b1')
    expect(token).toBe('tok-b1')
    expect(tokenFor('b1')).toBe('tok-b1')
    expect(result.current.held).toMatchObject({ id: 'b1', plan: 'complete', slot: { start: BODY.slot_start } })
  })

  it('asks again with a new key when the key replays a booking that is no longer held', async () => {
    const fetch = serve(answer(heldView('old', 'expired')), answer(heldView('b2'), 201))
    const { result } = renderHold()
    const { booking } = await act(() => result.current.hold(BODY))
    expect(booking.id).toBe('b2')
    expect(keyOf(fetch, 1)).not.toBe(keyOf(fetch, 0))
    expect(result.current.draft.attempt?.key).toBe(keyOf(fetch, 1))
  })

  it('lets go of a live hold made from another form first', async () => {
    rememberToken('b0', 'tok-b0')
    const draft: Draft = {
      ...EMPTY_DRAFT,
      held: { id: 'b0', plan: 'complete', slot: { start: BODY.slot_start, end: '' }, holdExpiresAt: inAMinute(), signature: 'other words' },
    }
    // The check of the held booking (after Back or a reload) comes first.
    const fetch = serve(answer(heldView('b0')), answer({ ...heldView('b0'), status: 'cancelled' }), answer(heldView('b3'), 201))
    const { result } = renderHold(draft)
    await act(() => result.current.hold(BODY))
    // The new hold is then checked like any other.
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/v1/consultations/bookings/b0',
      'POST /api/v1/consultations/bookings/b0/cancel',
      'POST /api/v1/consultations/bookings',
      'GET /api/v1/consultations/bookings/b3',
    ])
    expect(result.current.held?.id).toBe('b3')
  })

  it('a hold counts while more than 5 s are left', () => {
    const held = { id: 'b', plan: 'p', slot: { start: '', end: '' }, signature: '' }
    expect(holdIsLive(null)).toBe(false)
    expect(holdIsLive({ ...held, holdExpiresAt: null })).toBe(true)
    expect(holdIsLive({ ...held, holdExpiresAt: new Date(10_000).toISOString() }, 4_000)).toBe(true)
    expect(holdIsLive({ ...held, holdExpiresAt: new Date(10_000).toISOString() }, 5_000)).toBe(false)
  })
})

describe('holdProblem', () => {
  it('maps a refused hold onto the form', () => {
    const next = { start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' }
    expect(holdProblem(errorFromEnvelope(409, { error_code: 'slot_taken', next_slots: [next] }))).toEqual({
      fields: {},
      form: 'slot_taken',
      nextSlots: [next],
      refresh: true,
      focus: false,
    })
    expect(holdProblem(errorFromEnvelope(400, { error_code: 'validation_failed', fields: { slot_start: 'invalid_slot', plan: 'unknown_plan' } }))).toEqual({
      fields: { slot_start: 'invalid_slot' },
      form: 'invalid_plan',
      nextSlots: [],
      refresh: true,
      focus: true,
    })
    expect(holdProblem(errorFromEnvelope(429, { error_code: 'too_many_holds' }))).toMatchObject({ form: 'too_many_holds', refresh: false, focus: false })
    expect(holdProblem(new Error('boom'))).toMatchObject({ form: 'unexpected' })
  })
})

const file = (name: string) => new File(['x'], name, { type: 'application/pdf' })

describe('useDocumentUploads', () => {
  it('sends what the booking lacks and marks each entry', async () => {
    let documents: DocumentEntry[] = [
      { key: 'a', file: file('a.pdf'), status: 'uploaded', uploadedTo: 'b1' },
      { key: 'b', file: file('b.pdf'), status: 'ready' },
      { key: 'c', file: file('c.pdf'), status: 'ready' },
    ]
    const setDocuments = (update: DocumentEntry[] | ((current: DocumentEntry[]) => DocumentEntry[])) => {
      documents = typeof update === 'function' ? update(documents) : update
    }
    const fetch = serve(answer({ id: 'd1', filename: 'b.pdf', content_type: 'application/pdf', size_bytes: 1 }, 201), answer({ error_code: 'document_too_large' }, 413))
    const { result } = renderHook(() => useDocumentUploads({ documents, setDocuments }), { wrapper })
    expect(await act(() => result.current.upload({ id: 'b1' } as Booking, 'tok'))).toBe(false)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('X-Booking-Token')).toBe('tok')
    expect(documents.map(({ status, code }) => [status, code])).toEqual([
      ['uploaded', undefined],
      ['uploaded', undefined],
      ['failed', 'document_too_large'],
    ])
  })
})
