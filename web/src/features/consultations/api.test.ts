import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { createBooking, fetchBooking, payBooking, serverNow } from './api'

afterEach(() => vi.unstubAllGlobals())

function answer(body: string, status = 200, headers: Record<string, string> = {}) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => new Response(body, { status, headers }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('the consultations client', () => {
  it('sends the booking token, the owner session and the idempotency key as headers', async () => {
    const fetch = answer('{"id":"b"}')
    await fetchBooking('b', { token: 'tok', authToken: 'jwt' })
    const headers = new Headers(fetch.mock.calls[0]![1].headers)
    expect(headers.get('X-Booking-Token')).toBe('tok')
    expect(headers.get('Authorization')).toBe('Bearer jwt')
    await createBooking({ name: 'A', email: 'a@b.co', country: 'Peru', message: '0123456789', plan: 'p', slot_start: 's', language: 'es' }, 'key-1')
    const [url, init] = fetch.mock.calls[1]!
    expect(url).toBe('/api/v1/consultations/bookings')
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('key-1')
    expect(Object.keys(JSON.parse(init.body as string))).toEqual(['name', 'email', 'country', 'message', 'plan', 'slot_start', 'language'])
  })

  it('turns failures into codes: the envelope, a network error, a 200 that is not JSON', async () => {
    answer('{"error_code":"card_declined","message":"declined"}', 402)
    await expect(payBooking('b', { card_number: '4000000000000002', exp: '12/34', cvc: '123', cardholder_name: 'A' }, { token: 't' })).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
    })
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(fetchBooking('b', { token: 't' })).rejects.toMatchObject({ status: 0, code: 'network' })
    answer('<html>proxy page</html>')
    const error = await fetchBooking('b', { token: 't' }).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'unexpected' })
  })

  it('an abandoned request is an abort, never an empty answer', async () => {
    const controller = new AbortController()
    vi.stubGlobal('fetch', async () => {
      controller.abort()
      return new Response('{"id":', { status: 200 })
    })
    await expect(fetchBooking('b', { token: 't' }, controller.signal)).rejects.not.toBeInstanceOf(ApiError)
  })

  it('keeps the server clock from the Date header (the hold countdown)', async () => {
    answer('{"id":"b"}', 200, { date: new Date(Date.now() + 120_000).toUTCString() })
    await fetchBooking('b', { token: 't' })
    expect(serverNow() - Date.now()).toBeGreaterThan(115_000)
    answer('{"id":"b"}', 200, { date: new Date().toUTCString() })
    await fetchBooking('b', { token: 't' })
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50)
  })
})
