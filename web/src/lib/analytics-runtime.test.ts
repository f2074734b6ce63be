import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstPartyEvent, googleEvents, LEAD_VALUE_USD, NEWSLETTER_VALUE_USD, publicLocation } from './analytics-runtime'

const HREF = 'https://rumbo.test/pt/blog'

describe('what Google receives (SPEC §7)', () => {
  it('a page view, without link tokens or fragments', () => {
    expect(googleEvents({ name: 'page_view', path: '/pt/newsletter/confirm' }, 'https://rumbo.test/pt/newsletter/confirm?token=s3cret&utm_source=mail#x', 'T')).toEqual([
      ['page_view', { page_location: 'https://rumbo.test/pt/newsletter/confirm?utm_source=mail', page_path: '/pt/newsletter/confirm', page_title: 'T' }],
    ])
    expect(publicLocation('https://rumbo.test/reset-password?code=abc#access_token=x')).toBe('https://rumbo.test/reset-password')
  })

  it('a newsletter sign-up, plus a purchase worth 2 USD', () => {
    const [signup, purchase] = googleEvents({ name: 'newsletter_signup', source: 'home' }, HREF, '')
    expect(signup).toEqual(['newsletter_signup', { source: 'home' }])
    expect(NEWSLETTER_VALUE_USD).toBe(2)
    expect(purchase?.[0]).toBe('purchase')
    expect(purchase?.[1]).toMatchObject({ currency: 'USD', value: 2, items: [{ item_id: 'newsletter', price: 2, quantity: 1 }] })
    const [, again] = googleEvents({ name: 'newsletter_signup', source: 'home' }, HREF, '')
    expect(again?.[1].transaction_id).not.toBe(purchase?.[1].transaction_id)
  })

  it('a lead: 25 USD by default, the supplied value as a premium lead', () => {
    expect(LEAD_VALUE_USD).toBe(25)
    expect(googleEvents({ name: 'generate_lead' }, HREF, '')).toEqual([['generate_lead', { currency: 'USD', value: 25, lead_type: 'standard' }]])
    expect(googleEvents({ name: 'generate_lead', value: 149 }, HREF, '')).toEqual([['generate_lead', { currency: 'USD', value: 149, lead_type: 'premium' }]])
    expect(googleEvents({ name: 'generate_lead', value: 99, premium: true }, HREF, '')[0]?.[1]).toMatchObject({ value: 99, lead_type: 'premium' })
  })

  it('the help form, engagement and form interactions', () => {
    expect(googleEvents({ name: 'help_form_submit', plan: 'complete' }, HREF, '')).toEqual([['help_form_submit', { plan: 'complete' }]])
    expect(googleEvents({ name: 'user_engagement', seconds: 12.3456, scrollDepth: 75 }, HREF, '')).toEqual([
      ['user_engagement', { engagement_time_msec: 12346, scroll_depth: 75 }],
    ])
    expect(googleEvents({ name: 'form_interaction', form: 'newsletter', field: 'email', type: 'focus' }, HREF, '')).toEqual([
      ['form_interaction', { form_name: 'newsletter', field_name: 'email', interaction_type: 'focus' }],
    ])
  })

  it('store e-commerce: view_item and add_to_cart with the line value in USD', () => {
    const item = { item_id: 'GUIDE-LIS-PDF', item_name: 'Lisbon guide', price: 12.9, quantity: 3 }
    expect(googleEvents({ name: 'view_item', item: { ...item, quantity: 1 } }, HREF, '')).toEqual([
      ['view_item', { currency: 'USD', value: 12.9, items: [{ ...item, quantity: 1 }] }],
    ])
    expect(googleEvents({ name: 'add_to_cart', item }, HREF, '')).toEqual([['add_to_cart', { currency: 'USD', value: 38.7, items: [item] }]])
    expect(firstPartyEvent({ name: 'add_to_cart', item }, 'en')).toBeNull()
  })

  it("the store's checkout and purchase, in GA4's ecommerce shape", () => {
    const items = [{ item_id: 'guide-lisbon-pdf', item_name: 'Lisbon guide', item_variant: 'PDF', price: 12.5, quantity: 2 }]
    expect(googleEvents({ name: 'begin_checkout', value: 25, currency: 'USD', items }, HREF, '')).toEqual([
      ['begin_checkout', { currency: 'USD', value: 25, items }],
    ])
    expect(
      googleEvents({ name: 'purchase', transactionId: 'R-2026-000123', value: 29.9, currency: 'USD', shipping: 4.9, coupon: 'HOLA10', items }, HREF, ''),
    ).toEqual([['purchase', { transaction_id: 'R-2026-000123', currency: 'USD', value: 29.9, shipping: 4.9, coupon: 'HOLA10', items }]])
    // Not counted first-party: Google only, and only with consent.
    expect(firstPartyEvent({ name: 'begin_checkout', value: 25, currency: 'USD', items }, 'en')).toBeNull()
  })
})

describe('what the business counts itself (POST /api/v1/events)', () => {
  it('sign-ups by form, help requests by plan, leads by kind; nothing else', () => {
    expect(firstPartyEvent({ name: 'newsletter_signup', source: 'footer' }, 'pt')).toEqual({ name: 'newsletter_signup', language: 'pt', source: 'footer' })
    expect(firstPartyEvent({ name: 'help_form_submit', plan: 'premium' }, 'es')).toEqual({ name: 'help_form_submit', language: 'es', source: 'premium' })
    expect(firstPartyEvent({ name: 'help_form_submit' }, 'es')).toEqual({ name: 'help_form_submit', language: 'es', source: null })
    expect(firstPartyEvent({ name: 'generate_lead', value: 149 }, 'en')?.source).toBe('premium')
    expect(firstPartyEvent({ name: 'generate_lead' }, 'en')?.source).toBe('standard')
    expect(firstPartyEvent({ name: 'rights_check', source: 'eu261-compensation' }, 'es')).toEqual({ name: 'rights_check', language: 'es', source: 'eu261-compensation' })
    expect(googleEvents({ name: 'rights_check', source: 'anac-assistance' }, HREF, '')).toEqual([['rights_check', { outcome: 'anac-assistance' }]])
    expect(firstPartyEvent({ name: 'newsletter_signup', source: 'Not A Source!' }, 'en')?.source).toBeNull()
    expect(firstPartyEvent({ name: 'form_interaction', form: 'f', field: 'x', type: 'focus' }, 'en')).toBeNull()
  })

  it('views of a blog post by its slug, in every language; no other page', () => {
    expect(firstPartyEvent({ name: 'page_view', path: '/blog/lisbon-in-3-days' }, 'en')).toEqual({ name: 'page_view', language: 'en', source: 'lisbon-in-3-days' })
    expect(firstPartyEvent({ name: 'page_view', path: '/es/blog/lisboa' }, 'es')?.source).toBe('lisboa')
    expect(firstPartyEvent({ name: 'page_view', path: '/pt/blog/lisboa' }, 'pt')?.source).toBe('lisboa')
    for (const path of ['/', '/blog', '/pt/blog', '/store/lisboa', '/blog/lisboa/extra', '/pt/newsletter/lisboa']) {
      expect(firstPartyEvent({ name: 'page_view', path }, 'pt'), path).toBeNull()
    }
  })

  it('no post view whose slug the server would refuse as a source', () => {
    expect(firstPartyEvent({ name: 'page_view', path: `/blog/${'a'.repeat(64)}` }, 'en')?.source).toBe('a'.repeat(64))
    expect(firstPartyEvent({ name: 'page_view', path: `/blog/${'a'.repeat(65)}` }, 'en')).toBeNull()
    expect(firstPartyEvent({ name: 'page_view', path: '/es/blog/Lisboa' }, 'es')).toBeNull()
  })
})

describe('record', () => {
  const posted: unknown[] = []
  beforeEach(() => {
    posted.length = 0
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)))
      return new Response(null, { status: 204 })
    })
    delete window.dataLayer
    delete window.gtag
    document.documentElement.lang = 'es'
  })
  afterEach(() => vi.unstubAllGlobals())

  it('without consent, posts the count and never touches Google', async () => {
    const { record } = await import('./analytics-runtime')
    record({ name: 'newsletter_signup', source: 'home' }, undefined, true)
    await Promise.resolve()
    expect(posted).toEqual([{ name: 'newsletter_signup', language: 'es', source: 'home' }])
    expect(window.dataLayer).toBeUndefined()
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull()
  })

  it('posts no count for an event already counted', async () => {
    const { record } = await import('./analytics-runtime')
    record({ name: 'page_view', path: '/es/blog/lisboa' }, undefined, false)
    await Promise.resolve()
    expect(posted).toEqual([])
  })
})
