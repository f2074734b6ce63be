import { describe, expect, it } from 'vitest'
import { browserLanguage, detectInitialLanguage } from './detect'

const none: string[] = []

describe('detectInitialLanguage', () => {
  it('takes the language from an /es or /pt path, whatever else is set', () => {
    expect(detectInitialLanguage({ url: '/es/blog', stored: 'pt', browserLanguages: ['pt-BR'] })).toEqual({ lang: 'es' })
    expect(detectInitialLanguage({ url: '/pt', stored: 'en', browserLanguages: none })).toEqual({ lang: 'pt' })
  })

  it('keeps English when nothing points elsewhere', () => {
    expect(detectInitialLanguage({ url: '/blog', stored: null, browserLanguages: ['en-US', 'es'] })).toEqual({ lang: 'en' })
    expect(detectInitialLanguage({ url: '/', stored: null, browserLanguages: none })).toEqual({ lang: 'en' })
    expect(detectInitialLanguage({ url: '/', stored: null, browserLanguages: ['fr-FR', 'de'] })).toEqual({ lang: 'en' })
  })

  it('moves an unprefixed path to the stored language', () => {
    expect(detectInitialLanguage({ url: '/blog?x=1#h', stored: 'es', browserLanguages: ['en-US'] })).toEqual({
      lang: 'es',
      redirectTo: '/es/blog?x=1#h',
    })
    expect(detectInitialLanguage({ url: '/', stored: 'pt', browserLanguages: none })).toEqual({ lang: 'pt', redirectTo: '/pt' })
  })

  it('lets a stored English choice beat a Spanish browser', () => {
    expect(detectInitialLanguage({ url: '/store', stored: 'en', browserLanguages: ['es-MX'] })).toEqual({ lang: 'en' })
  })

  it('uses the browser language when nothing is stored', () => {
    expect(detectInitialLanguage({ url: '/help', stored: null, browserLanguages: ['pt-BR', 'en'] })).toEqual({
      lang: 'pt',
      redirectTo: '/pt/help',
    })
    expect(detectInitialLanguage({ url: '/', stored: null, browserLanguages: ['fr', 'es-AR'] })).toEqual({ lang: 'es', redirectTo: '/es' })
  })

  it('ignores a stored value that is not a language', () => {
    expect(detectInitialLanguage({ url: '/', stored: 'klingon', browserLanguages: ['es'] })).toEqual({ lang: 'es', redirectTo: '/es' })
  })

  it('shows /en addresses without their prefix', () => {
    expect(detectInitialLanguage({ url: '/en/blog?x=1', stored: null, browserLanguages: none })).toEqual({
      lang: 'en',
      redirectTo: '/blog?x=1',
    })
    expect(detectInitialLanguage({ url: '/en/blog', stored: 'es', browserLanguages: none })).toEqual({
      lang: 'es',
      redirectTo: '/es/blog',
    })
  })
})

describe('browserLanguage', () => {
  it('returns the first supported primary subtag', () => {
    expect(browserLanguage(['de-DE', 'PT-br', 'es'])).toBe('pt')
    expect(browserLanguage(['de'])).toBeNull()
  })
})
