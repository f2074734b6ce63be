import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AD_SLOT_KINDS, parseRuntimeConfig, type AdSlotKind } from '../../lib/config'
import { ConfigProvider } from '../../lib/config-context'
import { storeConsent } from '../../lib/consent'
import { serveLocales, switchLanguage } from '../../test/locales'
import { AdSlot } from './AdSlot'

const CLIENT = 'ca-pub-1234567890123456'
const ALL_SLOTS = { top: '1', 'mid-content': '2', sidebar: '3', bottom: '4', mobile: '5' }

async function renderSlot(kind: AdSlotKind, raw: unknown) {
  await act(async () => {
    render(
      <ConfigProvider config={parseRuntimeConfig(raw, 'http://localhost')}>
        <AdSlot kind={kind} />
      </ConfigProvider>,
    )
  })
  return document.querySelector<HTMLElement>('.ad-slot')
}

const adScript = () => document.querySelector('script[src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"]')

beforeEach(async () => {
  serveLocales()
  await switchLanguage('en', ['common'])
  window.localStorage.clear()
  delete window.adsbygoogle
  delete window.dataLayer
  delete window.gtag
  adScript()?.remove()
  // jsdom has no matchMedia: a wide desktop screen.
  window.matchMedia = ((query: string) => ({ matches: !query.includes('max-width') })) as unknown as typeof window.matchMedia
})
afterEach(cleanup)

describe('ad slots', () => {
  it('has the five kinds of SPEC §9', () => {
    expect(AD_SLOT_KINDS).toEqual(['top', 'mid-content', 'sidebar', 'bottom', 'mobile'])
  })

  for (const kind of AD_SLOT_KINDS) {
    it(`${kind}: renders nothing at all when not configured, even after consent`, async () => {
      window.localStorage.setItem('rumbo:consent', 'accepted')
      expect(await renderSlot(kind, {})).toBeNull()
      cleanup()
      const others = Object.fromEntries(Object.entries(ALL_SLOTS).filter(([name]) => name !== kind))
      expect(await renderSlot(kind, { ads: { client: CLIENT, slots: others } })).toBeNull()
      cleanup()
      expect(await renderSlot(kind, { ads: { slots: ALL_SLOTS } }), 'no publisher id').toBeNull()
    })
  }

  it('reserves its box before consent, empty, and loads nothing', async () => {
    const box = await renderSlot('mid-content', { ads: { client: CLIENT, slots: ALL_SLOTS } })
    expect(box?.className).toBe('ad-slot ad-slot-mid-content')
    expect(box?.childElementCount).toBe(0)
    expect(adScript()).toBeNull()
    expect(window.adsbygoogle).toBeUndefined()
  })

  it('fills the same box once the visitor accepts: a labelled unit, the script without publisher id', async () => {
    const box = await renderSlot('bottom', { ads: { client: CLIENT, slots: ALL_SLOTS } })
    await act(async () => storeConsent('accepted'))
    await waitFor(() => expect(window.adsbygoogle).toEqual([{}]))
    expect(document.querySelector('.ad-slot')).toBe(box)
    const unit = box?.querySelector('ins.adsbygoogle')
    expect(unit?.getAttribute('data-ad-client')).toBe(CLIENT)
    expect(unit?.getAttribute('data-ad-slot')).toBe('4')
    expect(box?.querySelector('.ad-caption')?.textContent).toBe('Advertisement')
    expect(adScript()?.getAttribute('src')).not.toContain('client=')
    // Consent Mode for Google's ad tags, denied first.
    expect(Array.from(window.dataLayer?.[0] as ArrayLike<unknown>).slice(0, 2)).toEqual(['consent', 'default'])
  })

  it('shows no box to a visitor who declined', async () => {
    window.localStorage.setItem('rumbo:consent', 'declined')
    expect(await renderSlot('mid-content', { ads: { client: CLIENT, slots: ALL_SLOTS } })).toBeNull()
  })

  it('keeps the box (empty) when the visitor declines on this page, so nothing moves', async () => {
    const box = await renderSlot('top', { ads: { client: CLIENT, slots: ALL_SLOTS } })
    await act(async () => storeConsent('declined'))
    expect(document.querySelector('.ad-slot')).toBe(box)
    expect(box?.childElementCount).toBe(0)
  })

  it('asks for no ad where its kind is hidden (the mobile slot on a wide screen)', async () => {
    window.localStorage.setItem('rumbo:consent', 'accepted')
    const box = await renderSlot('mobile', { ads: { client: CLIENT, slots: ALL_SLOTS } })
    await waitFor(() => expect(box?.querySelector('ins')).not.toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(window.adsbygoogle).toBeUndefined()
    expect(adScript()).toBeNull()
  })
})
