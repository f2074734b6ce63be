import { afterEach, describe, expect, it, vi } from 'vitest'
import { getGeo } from './get-geo'

function respond(status: number, body?: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })))
}

afterEach(() => vi.unstubAllGlobals())

describe('getGeo', () => {
  it('reads the country on 200', async () => {
    respond(200, { country_code: 'BR', country_name: 'Brazil' })
    await expect(getGeo()).resolves.toEqual({ countryCode: 'BR', countryName: 'Brazil' })
  })

  it('gives null on 204, on errors and on odd bodies', async () => {
    respond(204)
    await expect(getGeo()).resolves.toBeNull()
    respond(500, { error_code: 'internal' })
    await expect(getGeo()).resolves.toBeNull()
    respond(200, { country: 'BR' })
    await expect(getGeo()).resolves.toBeNull()
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await expect(getGeo()).resolves.toBeNull()
  })
})
