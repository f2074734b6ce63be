import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENTS_URL, track } from './analytics'

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.lang = ''
})

function sentBody(blob: Blob): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.addEventListener('load', () => resolve(JSON.parse(reader.result as string)))
    reader.readAsText(blob)
  })
}

describe('track', () => {
  it('counts a form submit with a beacon, in the page language, the plan as source', async () => {
    const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true)
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon })
    document.documentElement.lang = 'es'
    track({ name: 'help_form_submit', plan: 'complete' })
    expect(beacon).toHaveBeenCalledTimes(1)
    const [url, blob] = beacon.mock.calls[0]!
    expect(url).toBe(EVENTS_URL)
    expect(await sentBody(blob)).toEqual({ name: 'help_form_submit', language: 'es', source: 'complete' })
  })

  it('falls back to a keepalive fetch when no beacon is sent', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false })
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetch)
    track({ name: 'generate_lead', value: 99, premium: true })
    expect(fetch).toHaveBeenCalledWith(EVENTS_URL, expect.objectContaining({ method: 'POST', keepalive: true }))
    const init = fetch.mock.calls[0]![1]
    expect(JSON.parse(init.body as string)).toEqual({ name: 'generate_lead', language: 'en', source: 'premium' })
  })

  it('never throws, even when counting fails', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => {
      throw new Error('blocked')
    } })
    expect(() => track({ name: 'generate_lead' })).not.toThrow()
  })
})
