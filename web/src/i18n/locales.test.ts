import { describe, expect, it } from 'vitest'
import { DESTINATION_SLUGS, PAGE_IDS, TYPE_SLUGS } from '../lib/site-map'
import { LANGUAGES } from './languages'

// Eager here on purpose: the app itself loads these lazily, one language at a time.
const files = import.meta.glob<unknown>('./locales/*/*.json', { eager: true, import: 'default' })

type Tree = { [key: string]: unknown }

function bundle(lang: string, namespace: string): Tree {
  return files[`./locales/${lang}/${namespace}.json`] as Tree
}

/** Every leaf as "a.b.0.c" → value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf)
    }
  } else {
    out.set(prefix, value)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).toSorted()

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/')[3]!.replace('.json', '')))]

describe('locale files', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'navigation', 'help', 'seo']))
    for (const lang of LANGUAGES) for (const ns of namespaces) expect(bundle(lang, ns), `${lang}/${ns}`).toBeDefined()
  })

  for (const ns of namespaces) {
    it(`${ns}: every key exists in en, es and pt, with a non-empty text and the same placeholders`, () => {
      const reference = leaves(bundle('en', ns))
      for (const lang of LANGUAGES) {
        const current = leaves(bundle(lang, ns))
        expect([...current.keys()].toSorted(), `${lang}/${ns} keys`).toEqual([...reference.keys()].toSorted())
        for (const [key, value] of current) {
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${ns}:${key} is empty`).toBe(true)
          expect(placeholders(value as string), `${lang}/${ns}:${key} placeholders`).toEqual(
            placeholders(reference.get(key) as string),
          )
        }
      }
    })
  }
})

function notFoundTitle(lang: string): unknown {
  return (bundle(lang, 'seo') as { pages: { notFound: Tree } }).pages.notFound.title
}

describe('seo.json (the contract with the server)', () => {
  const defaults = {
    en: '{{site}} | expert travel advice',
    es: '{{site}} | asesoría experta de viajes',
    pt: '{{site}} | consultoria especializada em viagens',
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: has every page and destination, each title naming {{site}}`, () => {
      const seo = bundle(lang, 'seo') as { pages: Record<string, Tree>; destinations: Record<string, Tree> }
      expect(Object.keys(seo).toSorted()).toEqual(['destinations', 'pages'])
      expect(Object.keys(seo.pages).toSorted()).toEqual([...PAGE_IDS].toSorted())
      expect(Object.keys(seo.destinations).toSorted()).toEqual([...DESTINATION_SLUGS].toSorted())
      for (const entry of [...Object.values(seo.pages), ...Object.values(seo.destinations)]) {
        expect(Object.keys(entry).toSorted()).toEqual(['description', 'title'])
        expect(entry.title).toContain('{{site}}')
      }
      expect(seo.pages.home!.title).toBe(defaults[lang])
    })
  }

  it('titles the not-found page after "Destination Not Found"', () => {
    const title = notFoundTitle
    expect(title('en')).toMatch(/^Destination Not Found/)
    expect(title('es')).toMatch(/^Destino no encontrado/)
    expect(title('pt')).toMatch(/^Destino não encontrado/)
  })
})

describe('destinations', () => {
  // Each destination's own heading and introduction come from the content files (the API).
  it('name every filter tab and every kind of destination', () => {
    for (const lang of LANGUAGES) {
      const words = bundle(lang, 'destinations') as { filters: Tree; kinds: Tree }
      expect(Object.keys(words.filters)).toEqual(expect.arrayContaining(['all', ...TYPE_SLUGS]))
      expect(Object.keys(words.kinds).toSorted()).toEqual(['region', 'theme', 'type'])
    }
  })
})
