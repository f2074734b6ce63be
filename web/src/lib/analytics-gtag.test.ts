import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const gtagScripts = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]')
const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))

beforeEach(() => {
  vi.resetModules()
  window.localStorage.clear()
  delete window.dataLayer
  delete window.gtag
  for (const script of gtagScripts()) script.remove()
})
afterEach(() => window.localStorage.clear())

describe("Google's tag", () => {
  it('refuses to start without consent, leaving no trace', async () => {
    const { startGtag } = await import('./analytics-gtag')
    expect(() => startGtag('G-TEST1234')).toThrow(/consent/)
    window.localStorage.setItem('rumbo:consent', 'declined')
    expect(() => startGtag('G-TEST1234')).toThrow(/consent/)
    expect(window.dataLayer).toBeUndefined()
    expect(gtagScripts()).toHaveLength(0)
  })

  it('sets Consent Mode v2 to denied before anything else, grants it, then configures and loads gtag.js once', async () => {
    window.localStorage.setItem('rumbo:consent', 'accepted')
    const { startGtag } = await import('./analytics-gtag')
    startGtag('G-TEST1234')
    startGtag('G-TEST1234')
    const [first, second, js, config, ...rest] = commands()
    expect(first).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }])
    expect(second).toEqual(['consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }])
    expect(js?.[0]).toBe('js')
    expect(config).toEqual(['config', 'G-TEST1234', { send_page_view: false, allow_google_signals: false }])
    expect(rest).toEqual([])
    // dataLayer holds `arguments` objects, as gtag.js expects, not arrays.
    expect(Array.isArray(window.dataLayer?.[0])).toBe(false)
    expect([...gtagScripts()].map((script) => (script as HTMLScriptElement).src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
    ])
  })

  it('never puts a malformed id into a script address', async () => {
    window.localStorage.setItem('rumbo:consent', 'accepted')
    const { startGtag } = await import('./analytics-gtag')
    startGtag('G-X"><img src=x>')
    expect(gtagScripts()).toHaveLength(0)
  })
})
