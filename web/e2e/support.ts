import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, type Page } from '@playwright/test'

export const LANGS = ['en', 'es', 'pt'] as const
export type Lang = (typeof LANGS)[number]

export const FIXED_ROUTES = [
  '/',
  '/blog',
  '/store',
  '/help',
  '/destinations',
  '/terms',
  '/privacy',
  '/copyright',
  '/about',
  '/account',
  '/reset-password',
]
export const REGIONS = ['europe', 'asia', 'americas', 'africa', 'oceania']

/** The path of `route` in `lang`: English has no prefix (docs/product.md#routes). */
export function localized(lang: Lang, route: string): string {
  if (lang === 'en') return route
  return route === '/' ? `/${lang}` : `/${lang}${route}`
}

type Messages = Record<string, unknown>
const cache = new Map<string, Messages>()

/** A string from the app's own locale files, so the tests follow the words the app shows. */
export function text(lang: Lang, namespace: string, key: string, vars: Record<string, string> = {}): string {
  const file = `${lang}/${namespace}`
  if (!cache.has(file)) {
    const path = resolve(import.meta.dirname, `../src/i18n/locales/${file}.json`)
    cache.set(file, JSON.parse(readFileSync(path, 'utf8')) as Messages)
  }
  const value = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], cache.get(file))
  if (typeof value !== 'string') throw new Error(`no string ${file}:${key}`)
  return Object.entries({ site: 'Rumbo', ...vars }).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), value)
}

/**
 * Does what a reader heading down the page does (a turn of the wheel), so what loads on
 * demand — the home page's sections below the search, the footer — is there.
 */
export async function startReading(page: Page) {
  // A turn before the app has started listening changes nothing, as for a real reader: turn again.
  await expect(async () => {
    await page.mouse.wheel(0, 1)
    await expect(page.getByRole('contentinfo')).toBeAttached({ timeout: 500 })
  }).toPass()
}

/** Marks the cookie question as answered so it does not cover what a test clicks. */
export async function answerConsentUpFront(page: Page, choice: 'accepted' | 'declined' = 'declined') {
  await page.addInitScript((value) => window.localStorage.setItem('rumbo:consent', value), choice)
}

/**
 * Fails the test on any console error, CSP violations included. The browser also reports the
 * 404 status of the not-found page itself; that one is expected.
 */
export function watchConsole(page: Page): () => void {
  const errors: string[] = []
  page.on('console', (message) => {
    const expected404 = message.text().includes('404 (Not Found)') && message.location().url === page.url()
    if (message.type() === 'error' && !expected404) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => expect(errors, 'console errors').toEqual([])
}
