import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { i18n } from '../../../i18n/setup'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { loadAuthClient } from '../../auth/api/client-loader'
import { codeOf, errorText, fieldCodes, opinionField } from '../errors'
import { approveOpinion, fetchBookings, fetchDocument, saveOpinion } from './requests'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const calls: { url: string; init: RequestInit | undefined }[] = []
function answer(response: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init })
    return response()
  })
}
const headersOf = (index: number) => (calls[index]!.init?.headers ?? {}) as Record<string, string>
const refusal = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error_code: code, message: 'refused', ...extra }, { status })

// Both languages' errors load once, before the tests stub fetch for the API.
beforeAll(async () => {
  serveLocales()
  await switchLanguage('es', ['errors'])
  await switchLanguage('en', ['errors'])
  vi.unstubAllGlobals()
})
afterEach(() => {
  calls.length = 0
  vi.unstubAllGlobals()
})

function signedIn(token: string | null) {
  const session = token ? { access_token: token } : null
  vi.mocked(loadAuthClient).mockResolvedValue({ getSession: async () => ({ data: { session }, error: null }) } as never)
}

describe('the staff API wrapper', () => {
  it("calls /api/v1/staff/… with the session's bearer token and the query", async () => {
    signedIn('jwt-1')
    answer(() => Response.json({ items: [] }))
    await expect(fetchBookings('2026-11-30', '2026-12-07', 'mine')).resolves.toEqual({ items: [] })
    expect(calls[0]!.url).toBe('/api/v1/staff/bookings?from=2026-11-30&to=2026-12-07&consultant=mine')
    expect(headersOf(0).Authorization).toBe('Bearer jwt-1')
    // Everyone's bookings: no consultant parameter at all.
    await fetchBookings('2026-11-30', '2026-12-07', null)
    expect(calls[1]!.url).toBe('/api/v1/staff/bookings?from=2026-11-30&to=2026-12-07')
  })

  it('sends no Authorization without a session (the server says no_authorization)', async () => {
    signedIn(null)
    answer(() => refusal(401, 'no_authorization'))
    await expect(approveOpinion('o1')).rejects.toMatchObject({ status: 401, code: 'no_authorization' })
    expect(headersOf(0).Authorization).toBeUndefined()
    expect(calls[0]!.init?.method).toBe('POST')
  })

  it('turns refusals into ApiError with their code and fields, and no answer into `network`', async () => {
    signedIn('jwt-1')
    answer(() => refusal(422, 'personal_data', { fields: { 'texts.es.body': 'contains_name' } }))
    const body = { category: 'airline', country: 'PE', outcome: 'Refund', texts: { es: { title: 'T', body: 'Ana Pérez' } } }
    const error = await saveOpinion('b1', body).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(codeOf(error)).toBe('personal_data')
    expect(fieldCodes(error)).toEqual({ 'texts.es.body': 'contains_name' })
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(body)
    expect(calls[0]!.init?.method).toBe('PUT')

    answer(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(approveOpinion('o1')).rejects.toMatchObject({ status: 0, code: 'network' })
  })

  it('downloads a document as bytes with the token, or throws the refusal', async () => {
    signedIn('jwt-2')
    answer(() => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }))
    const blob = await fetchDocument('b 1', 'd1')
    expect(blob.size).toBe(8)
    expect(blob.type).toBe('application/pdf')
    expect(calls[0]!.url).toBe('/api/v1/staff/bookings/b%201/documents/d1')
    expect(headersOf(0).Authorization).toBe('Bearer jwt-2')
    // An unknown booking or document is the site's plain `not_found`.
    answer(() => refusal(404, 'not_found'))
    await expect(fetchDocument('b1', 'd1')).rejects.toMatchObject({ status: 404, code: 'not_found' })
  })
})

describe("the console's error words", () => {
  it("says the console's codes (self_approval, case_state…) in each language, and the general sentence for the unknown", () => {
    const t = i18n.getFixedT('en', 'errors')
    expect(errorText(t, new ApiError(403, 'self_approval'))).toBe('You wrote this opinion: another consultant or an admin approves it.')
    expect(errorText(t, new ApiError(409, 'slot_taken'))).toBe('Sorry, that time was just taken. Please choose another one.')
    expect(errorText(t, new ApiError(418, 'teapot' as never))).toBe(t('fallback.unexpected'))
    expect(errorText(t, new Error('bug'))).toBe(t('fallback.unexpected'))
    expect(errorText(i18n.getFixedT('es', 'errors'), new ApiError(409, 'case_state'))).toBe('Este caso no está en el paso en que se puede hacer esto.')
  })

  it('knows which opinion field a server field name means', () => {
    expect(opinionField('texts.es.body')).toBe('es.body')
    expect(opinionField('texts[pt][title]')).toBe('pt.title')
    expect(opinionField('outcome')).toBe('outcome')
    expect(opinionField('texts')).toBeNull()
  })
})
