import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig, readRuntimeConfig } from './config'

describe('parseRuntimeConfig', () => {
  it('falls back to safe defaults', () => {
    expect(parseRuntimeConfig(undefined, 'http://localhost:3000')).toEqual({
      siteName: 'Rumbo',
      siteUrl: 'http://localhost:3000',
      contactEmail: '',
      social: {},
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

describe('readRuntimeConfig', () => {
  it('reads the JSON data block and survives a broken one', () => {
    document.body.innerHTML = '<script type="application/json" id="rumbo-config">{"siteName":"Viaje"}</script>'
    expect(readRuntimeConfig().siteName).toBe('Viaje')
    document.body.innerHTML = '<script type="application/json" id="rumbo-config">{oops</script>'
    expect(readRuntimeConfig().siteName).toBe('Rumbo')
  })
})
