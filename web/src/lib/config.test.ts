import { describe, expect, it } from 'vitest'
import { i18n } from '../i18n/setup'
import { serveLocales, switchLanguage } from '../test/locales'
import { DEFAULT_LIMITS, parseRuntimeConfig, readRuntimeConfig } from './config'
import { limitVariables } from '../i18n/setup'

describe('parseRuntimeConfig', () => {
  it('falls back to safe defaults', () => {
    expect(parseRuntimeConfig(undefined, 'http://localhost:3000')).toEqual({
      siteName: 'Rumbo',
      siteUrl: 'http://localhost:3000',
      contactEmail: '',
      social: {},
      authUrl: 'http://localhost:3000/auth/v1',
      anonKey: '',
      partners: {},
      limits: DEFAULT_LIMITS,
    })
  })

  it('keeps valid values and drops links that are not http(s)', () => {
    const config = parseRuntimeConfig(
      {
        siteName: 'Rumbo Travel',
        siteUrl: 'https://rumbo.example',
        contactEmail: 'hola@rumbo.example',
        social: { linkedin: 'https://linkedin.com/company/rumbo', x: 'javascript:alert(1)', youtube: 42 },
      },
      'http://localhost',
    )
    expect(config.siteName).toBe('Rumbo Travel')
    expect(config.contactEmail).toBe('hola@rumbo.example')
    expect(config.social).toEqual({ linkedin: 'https://linkedin.com/company/rumbo' })
  })
})

describe('auth settings', () => {
  it('reads the auth URL (without a trailing slash) and the anon key', () => {
    const config = parseRuntimeConfig({ authUrl: 'https://rumbo.example/auth/v1/', anonKey: 'eyJ.a.b' }, 'http://x')
    expect(config.authUrl).toBe('https://rumbo.example/auth/v1')
    expect(config.anonKey).toBe('eyJ.a.b')
  })

  it('refuses an auth URL that is not http(s)', () => {
    expect(parseRuntimeConfig({ authUrl: 'javascript:alert(1)' }, 'http://x').authUrl).toBe('http://x/auth/v1')
  })
})

describe('readRuntimeConfig', () => {
  it('reads the JSON data block and survives a broken one', () => {
    document.body.innerHTML = '<script type="application/json" id="rumbo-config">{"siteName":"Viaje"}</script>'
    expect(readRuntimeConfig().siteName).toBe('Viaje')
    document.body.innerHTML = '<script type="application/json" id="rumbo-config">{oops</script>'
    expect(readRuntimeConfig().siteName).toBe('Rumbo')
  })
})

describe('partner search templates', () => {
  it('keeps http(s) templates with their placeholders verbatim', () => {
    const template = 'https://partner.example/flights?from={from}&to={to}&d={depart}'
    const config = parseRuntimeConfig({ partners: { flights: template, hotels: ' https://h.example/{destination} ' } }, 'http://x')
    expect(config.partners).toEqual({ flights: template, hotels: 'https://h.example/{destination}' })
  })

  it('drops anything that is not an http(s) template, and accepts the key being absent', () => {
    const config = parseRuntimeConfig({ partners: { flights: 'javascript:alert(1)//{from}', trains: 42, hotels: '/relative' } }, 'http://x')
    expect(config.partners).toEqual({})
    expect(parseRuntimeConfig({ partners: null }, 'http://x').partners).toEqual({})
  })
})

describe('analytics and ads', () => {
  it('are absent unless configured', () => {
    const config = parseRuntimeConfig({}, 'http://x')
    expect(config.gaMeasurementId).toBeUndefined()
    expect(config.ads).toBeUndefined()
  })

  it('carry the measurement id, the publisher id and the slots the server sent', () => {
    const config = parseRuntimeConfig(
      { gaMeasurementId: 'G-TEST1234', ads: { client: 'ca-pub-1234567890', slots: { 'mid-content': '111', bottom: '222' } } },
      'http://x',
    )
    expect(config.gaMeasurementId).toBe('G-TEST1234')
    expect(config.ads).toEqual({ client: 'ca-pub-1234567890', slots: { 'mid-content': '111', bottom: '222' } })
  })

  it('ignore values of the wrong type', () => {
    const config = parseRuntimeConfig({ gaMeasurementId: 42, ads: { client: null, slots: { top: '1' } } }, 'http://x')
    expect(config.gaMeasurementId).toBeUndefined()
    expect(config.ads).toBeUndefined()
    expect(parseRuntimeConfig({ ads: { client: 'ca-pub-1234567890', slots: 'x' } }, 'http://x').ads?.slots).toEqual({})
  })
})

describe('limits from the config block (one source for every limit)', () => {
  const SERVER = {
    limits: {
      passwordMinLength: 10,
      booking: { nameMin: 3, nameMax: 80, messageMin: 20, messageMax: 5000, documentMaxBytes: 2 * 1024 * 1024, documentsPerBooking: 3 },
    },
  }

  it('reads limits.passwordMinLength and limits.booking, with the server defaults when absent or broken', () => {
    expect(parseRuntimeConfig(SERVER, 'http://x').limits).toEqual(SERVER.limits)
    expect(parseRuntimeConfig({}, 'http://x').limits).toEqual(DEFAULT_LIMITS)
    expect(parseRuntimeConfig({ limits: { passwordMinLength: 'x', booking: { nameMin: -1 } } }, 'http://x').limits).toEqual(DEFAULT_LIMITS)
    expect(DEFAULT_LIMITS.booking.messageMax).toBe(5000)
  })

  it('fill the numbers the texts name', async () => {
    const { limits } = parseRuntimeConfig(SERVER, 'http://x')
    expect(limitVariables(limits)).toEqual({ passwordMin: 10, documentMaxMb: 2, documentsMax: 3 })
    serveLocales()
    await switchLanguage('en', ['auth', 'consultations'])
    expect(i18n.t('auth:password_min_length', limitVariables(limits))).toBe('Password must be at least 10 characters')
    expect(i18n.t('auth:password_min_length')).toBe('Password must be at least 6 characters')
  })
})

