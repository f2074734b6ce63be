import { afterEach, describe, expect, it, vi } from 'vitest'
import { destinationSummary, postPage } from '../../test/content-fixtures'
import { homeRequest } from './home-requests'

afterEach(() => vi.unstubAllGlobals())

const TESTIMONIAL = { quote: 'They got my refund.', name: 'Ana', trip: 'Lisbon' }

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })

function fakeApi(testimonials: (url: URL) => Response) {
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost')
    if (url.pathname === '/api/v1/posts') return json(postPage(['a', 'b', 'c'], 'next'))
    if (url.pathname === '/api/v1/destinations') return json({ items: [destinationSummary('beaches', 'type')] })
    if (url.pathname === '/api/v1/consultations/testimonials') return testimonials(url)
    return new Response(null, { status: 404 })
  })
}

// The bug: after a client-side navigation to the home page (no embedded page data), the
// data came from the API without testimonials, so the section vanished.
describe('the home page data after a client-side navigation', () => {
  it('includes the testimonials, asked in the page language', async () => {
    let asked = ''
    fakeApi((url) => {
      asked = url.searchParams.get('lang') ?? ''
      return new Response(JSON.stringify({ items: [TESTIMONIAL] }))
    })
    const home = await homeRequest('es').load()
    expect(home.testimonials).toEqual([TESTIMONIAL])
    expect(asked).toBe('es')
    expect(home.latest.items).toHaveLength(3)
  })

  it('leaves only the testimonials out when they cannot load', async () => {
    fakeApi(() => new Response('{"error_code":"internal_error","message":"x"}', { status: 500 }))
    const home = await homeRequest('en').load()
    expect(home.testimonials).toEqual([])
    expect(home.latest.items).toHaveLength(3)
  })
})
