import { act, cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { MemoryRouter, useNavigate } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { track, usePageViews } from './analytics'
import { parseRuntimeConfig } from './config'
import { ConfigProvider } from './config-context'
import { storeConsent } from './consent'

// The real runtime runs: what leaves the browser is observed where it would go, the
// first-party counts through fetch and Google's commands through window.dataLayer.
let posted: unknown[] = []
let go: (path: string) => void = () => undefined

function Layout() {
  usePageViews()
  const navigate = useNavigate()
  useEffect(() => {
    go = navigate
  }, [navigate])
  return null
}

async function mount(id: string | undefined, path = '/') {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <ConfigProvider config={parseRuntimeConfig(id ? { gaMeasurementId: id } : {}, 'http://localhost')}>
          <Layout />
        </ConfigProvider>
      </MemoryRouter>,
    )
  })
}

/** Lets the dynamic import in track() settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))
const googleEvents = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((command) => command[0] === 'event')
const pageViews = () => googleEvents().filter((command) => command[1] === 'page_view').map((command) => (command[2] as { page_path: string }).page_path)
const gtagScript = () => document.querySelector('script[src^="https://www.googletagmanager.com/gtag/js"]')

// Loaded once up front, so that later imports answer within `settle` and a check that
// nothing was sent cannot pass merely because the code had not arrived yet.
beforeAll(async () => {
  await import('./analytics-runtime')
})
beforeEach(() => {
  window.localStorage.clear()
  delete window.dataLayer
  delete window.gtag
  gtagScript()?.remove()
  posted = []
  document.documentElement.lang = 'pt'
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    posted.push({ url, body: JSON.parse(String(init?.body)) })
    return new Response(null, { status: 204 })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('consent gating', () => {
  it('loads and sends nothing before the visitor answers', async () => {
    await mount('G-TEST1234')
    await act(async () => go('/blog'))
    await settle()
    expect(window.dataLayer).toBeUndefined()
    expect(gtagScript()).toBeNull()
    expect(posted).toEqual([])
  })

  it('starts with the page on screen when the visitor accepts, then sends a page view on every route change', async () => {
    await mount('G-TEST1234', '/pt/blog')
    await act(async () => storeConsent('accepted'))
    await vi.waitFor(() => expect(pageViews()).toEqual(['/pt/blog']))
    expect(gtagScript()).not.toBeNull()
    await act(async () => go('/pt/store'))
    await vi.waitFor(() => expect(pageViews()).toEqual(['/pt/blog', '/pt/store']))
    expect(posted).toEqual([]) // page views are not counted first-party
  })

  it('counts a blog post’s view first-party without consent, once per arrival, and Google gets it after Accept', async () => {
    await mount('G-TEST1234', '/pt/blog/lisboa')
    await vi.waitFor(() => expect(posted).toHaveLength(1))
    expect(posted).toEqual([{ url: '/api/v1/events', body: { name: 'page_view', language: 'pt', source: 'lisboa' } }])
    expect(window.dataLayer).toBeUndefined()
    await act(async () => storeConsent('accepted'))
    await vi.waitFor(() => expect(pageViews()).toEqual(['/pt/blog/lisboa']))
    await act(async () => go('/pt/blog'))
    await act(async () => go('/pt/blog/lisboa'))
    await vi.waitFor(() => expect(pageViews()).toEqual(['/pt/blog/lisboa', '/pt/blog', '/pt/blog/lisboa']))
    await settle()
    // Accepting on the post did not count it again; coming back to it did.
    expect(posted.map((call) => (call as { body: { source: string } }).body.source)).toEqual(['lisboa', 'lisboa'])
  })

  it('keeps Google out after a decline, and without a measurement id even after accepting', async () => {
    window.localStorage.setItem('rumbo:consent', 'declined')
    await mount('G-TEST1234')
    await act(async () => go('/blog'))
    track({ name: 'form_interaction', form: 'newsletter', field: 'email', type: 'focus' })
    await settle()
    expect(window.dataLayer).toBeUndefined()
    cleanup()
    window.localStorage.setItem('rumbo:consent', 'accepted')
    await mount(undefined)
    await act(async () => go('/store'))
    await settle()
    expect(window.dataLayer).toBeUndefined()
    expect(gtagScript()).toBeNull()
  })

  it('counts business events first-party without consent, with nothing for Google', async () => {
    await mount('G-TEST1234')
    track({ name: 'newsletter_signup', source: 'footer' })
    track({ name: 'help_form_submit', plan: 'complete' })
    track({ name: 'generate_lead', value: undefined, premium: undefined })
    track({ name: 'form_interaction', form: 'newsletter', field: 'email', type: 'focus' })
    track({ name: 'user_engagement', seconds: 12, scrollDepth: 80 })
    await vi.waitFor(() => expect(posted).toHaveLength(3))
    await settle()
    expect(posted).toEqual([
      { url: '/api/v1/events', body: { name: 'newsletter_signup', language: 'pt', source: 'footer' } },
      { url: '/api/v1/events', body: { name: 'help_form_submit', language: 'pt', source: 'complete' } },
      { url: '/api/v1/events', body: { name: 'generate_lead', language: 'pt', source: 'standard' } },
    ])
    expect(window.dataLayer).toBeUndefined()
  })

  it('with consent, a sign-up is counted and Google gets it with its 2 USD purchase', async () => {
    window.localStorage.setItem('rumbo:consent', 'accepted')
    await mount('G-TEST1234')
    track({ name: 'newsletter_signup', source: 'home' })
    track({ name: 'generate_lead', value: 149, premium: true })
    await vi.waitFor(() => expect(googleEvents()).toHaveLength(4))
    expect(posted).toHaveLength(2)
    const names = googleEvents().map((command) => command[1])
    expect(names).toEqual(['page_view', 'newsletter_signup', 'purchase', 'generate_lead'])
    expect(googleEvents()[2]?.[2]).toMatchObject({ currency: 'USD', value: 2 })
    expect(googleEvents()[3]?.[2]).toEqual({ currency: 'USD', value: 149, lead_type: 'premium' })
  })
})
