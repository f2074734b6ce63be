import { describe, expect, it } from 'vitest'
import { langFromPath, localizedPath, stripLangPrefix, switchLanguagePath } from './paths'

describe('localizedPath', () => {
  it('keeps English paths unprefixed', () => {
    expect(localizedPath('/', 'en')).toBe('/')
    expect(localizedPath('/blog', 'en')).toBe('/blog')
  })

  it('prefixes Spanish and Portuguese paths', () => {
    expect(localizedPath('/', 'es')).toBe('/es')
    expect(localizedPath('/blog', 'es')).toBe('/es/blog')
    expect(localizedPath('/destinations/asia', 'pt')).toBe('/pt/destinations/asia')
  })

  it('keeps search and hash after the path', () => {
    expect(localizedPath('/?x=1', 'pt')).toBe('/pt?x=1')
    expect(localizedPath('/help#faq', 'es')).toBe('/es/help#faq')
  })

  it('accepts a path without its leading slash', () => {
    expect(localizedPath('store', 'pt')).toBe('/pt/store')
  })
})

describe('switchLanguagePath (SPEC §4)', () => {
  const cases: Array<[string, { en: string; es: string; pt: string }]> = [
    ['/', { en: '/', es: '/es', pt: '/pt' }],
    ['/blog', { en: '/blog', es: '/es/blog', pt: '/pt/blog' }],
    ['/es', { en: '/', es: '/es', pt: '/pt' }],
    ['/es/blog', { en: '/blog', es: '/es/blog', pt: '/pt/blog' }],
    [
      '/pt/destinations/asia?x=1#h',
      { en: '/destinations/asia?x=1#h', es: '/es/destinations/asia?x=1#h', pt: '/pt/destinations/asia?x=1#h' },
    ],
    ['/en/blog', { en: '/blog', es: '/es/blog', pt: '/pt/blog' }],
    ['/en', { en: '/', es: '/es', pt: '/pt' }],
    ['/es/', { en: '/', es: '/es', pt: '/pt' }],
    ['/es?q=1', { en: '/?q=1', es: '/es?q=1', pt: '/pt?q=1' }],
  ]

  for (const [from, expected] of cases) {
    for (const lang of ['en', 'es', 'pt'] as const) {
      it(`${from} → ${lang} is ${expected[lang]}`, () => {
        expect(switchLanguagePath(from, lang)).toBe(expected[lang])
      })
    }
  }

  it('only strips a whole language segment', () => {
    expect(switchLanguagePath('/estonia', 'pt')).toBe('/pt/estonia')
    expect(switchLanguagePath('/english-guides', 'en')).toBe('/english-guides')
  })
})

describe('langFromPath', () => {
  it('reads the first segment', () => {
    expect(langFromPath('/')).toBe('en')
    expect(langFromPath('/blog')).toBe('en')
    expect(langFromPath('/es')).toBe('es')
    expect(langFromPath('/pt/blog')).toBe('pt')
    expect(langFromPath('/en/blog')).toBe('en')
    expect(langFromPath('/estonia')).toBe('en')
  })
})

describe('stripLangPrefix', () => {
  it('removes the prefix and keeps the rest', () => {
    expect(stripLangPrefix('/en')).toBe('/')
    expect(stripLangPrefix('/en/blog?x=1#y')).toBe('/blog?x=1#y')
    expect(stripLangPrefix('/en?x=1')).toBe('/?x=1')
    expect(stripLangPrefix('/blog')).toBe('/blog')
  })
})
