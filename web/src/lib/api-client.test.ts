import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/setup'
import { serveLocales, switchLanguage } from '../test/locales'
import { ApiError, apiRequest, apiUrl, errorFromEnvelope, newIdempotencyKey, onResponse, setSessionTokenSource } from './api-client'
import { apiErrorMessage } from './api-errors'

type Call = { url: string; init: RequestInit }

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers })
  })
  return calls
}

const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name]

afterEach(() => {
  vi.unstubAllGlobals()
  setSessionTokenSource(() => Promise.resolve(null))
})

describe('apiUrl', () => {
  it('joins the base and path and leaves out empty parameters', () => {
    expect(apiUrl('posts', { lang: 'es', limit: 3, cursor: '', type: undefined })).toBe('/api/v1/posts?lang=es&limit=3')
    expect(apiUrl('/settings', {}, 'https://x.test/auth/v1/')).toBe('https://x.test/auth/v1/settings')
  })
})

describe('apiRequest', () => {
  it('sends JSON and returns the parsed answer', async () => {
    const calls = answer(200, { ok: true })
    await expect(apiRequest('newsletter/confirm', { method: 'POST', json: { token: 't' } })).resolves.toEqual({ ok: true })
    expect(calls[0]?.url).toBe('/api/v1/newsletter/confirm')
    expect(calls[0]?.init.body).toBe('{"token":"t"}')
    expect(header(calls[0], 'Content-Type')).toBe('application/json')
    expect(header(calls[0], 'Accept')).toBe('application/json')
  })

  it('answers null for an empty body (204)', async () => {
    answer(204, undefined)
    await expect(apiRequest('geo')).resolves.toBeNull()
  })

  it('turns the error envelope into one ApiError, extra members and Retry-After included', async () => {
    answer(409, { error_code: 'slot_taken', message: 'x', fields: { slot_start: 'taken' }, next_slots: [] }, { 'Retry-After': '30' })
    const error = (await apiRequest('x').catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(409)
    expect(error.code).toBe('slot_taken')
    expect(error.fields).toEqual({ slot_start: 'taken' })
    expect(error.retryAfter).toBe(30)
    expect(error.body.next_slots).toEqual([])
  })

  it('calls an answer without an envelope unexpected, and no answer at all network', async () => {
    expect(errorFromEnvelope(502, 'Bad gateway').code).toBe('unexpected')
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(apiRequest('x')).rejects.toMatchObject({ status: 0, code: 'network' })
  })

  it('lets an abort through as an abort, not as an error to show', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    const controller = new AbortController()
    const pending = apiRequest('slow', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('sends the idempotency key it is given', async () => {
    const calls = answer(201, {})
    const key = newIdempotencyKey()
    await apiRequest('consultations/bookings', { method: 'POST', json: {}, idempotencyKey: key })
    expect(header(calls[0], 'Idempotency-Key')).toBe(key)
    expect(newIdempotencyKey()).not.toBe(key)
  })

  it('sends the session token when asked, an explicit token as given, and none otherwise', async () => {
    setSessionTokenSource(() => Promise.resolve('session-jwt'))
    const calls = answer(200, {})
    await apiRequest('profile', { auth: true })
    await apiRequest('profile', { auth: 'explicit-jwt' })
    await apiRequest('posts')
    expect(header(calls[0], 'Authorization')).toBe('Bearer session-jwt')
    expect(header(calls[1], 'Authorization')).toBe('Bearer explicit-jwt')
    expect(header(calls[2], 'Authorization')).toBeUndefined()
  })

  it('sends no Authorization for a signed-out visitor', async () => {
    const calls = answer(200, {})
    await apiRequest('profile', { auth: true })
    expect(header(calls[0], 'Authorization')).toBeUndefined()
  })

  it('tells listeners about every response (the server clock)', async () => {
    answer(200, {}, { Date: 'Tue, 01 Jul 2025 10:00:00 GMT' })
    const dates: string[] = []
    const stop = onResponse((response) => dates.push(response.headers.get('date') ?? ''))
    await apiRequest('x')
    stop()
    expect(dates).toEqual(['Tue, 01 Jul 2025 10:00:00 GMT'])
  })
})

describe('apiErrorMessage', () => {
  it('says the code in the current language, or a generic sentence', async () => {
    serveLocales()
    await switchLanguage('es', ['errors'])
    const t = i18n.getFixedT('es', 'errors')
    expect(apiErrorMessage(t, new ApiError(409, 'slot_taken'))).toBe(i18n.t('errors:codes.slot_taken', { lng: 'es' }))
    expect(apiErrorMessage(t, new ApiError(0, 'network'))).toMatch(/conexión/)
    expect(apiErrorMessage(t, new ApiError(500, 'brand_new_code' as never))).toMatch(/Algo salió mal/)
    expect(apiErrorMessage(t, new Error('boom'))).toMatch(/Algo salió mal/)
  })
})
