import { act, cleanup, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { NewsletterArchiveItem } from '../../lib/api/types'
import { json } from '../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../test/locales'
import { resetPageDataForTests } from '../content/page-data'
import NewsletterArchivePage from './NewsletterArchivePage'
import NewsletterIssuePage from './NewsletterIssuePage'

const item = (slug: string, subject: string, sent_at: string): NewsletterArchiveItem => ({ slug, lang: 'es', subject, preheader: `Sobre ${subject}`, sent_at })

let requested: string[] = []
async function api(url: string): Promise<Response> {
  requested.push(url)
  const { pathname, searchParams } = new URL(url, 'http://x')
  if (pathname === '/api/v1/newsletter/archive' && searchParams.get('lang') === 'es') {
    return json({ items: [item('viajar-en-diciembre', 'Viajar en diciembre', '2026-12-01T14:00:00Z'), item('lima-barata', 'Lima barata', '2026-11-03T14:00:00Z')] })
  }
  if (pathname === '/api/v1/newsletter/archive/viajar-en-diciembre') {
    return json({ ...item('viajar-en-diciembre', 'Viajar en diciembre', '2026-12-01T14:00:00Z'), html: '<p>Hola <strong>viajeros</strong></p>' })
  }
  return json({ error_code: 'not_found', message: 'Not found' }, 404)
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/es/newsletter" element={<NewsletterArchivePage />} />
            <Route path="/es/newsletter/:slug" element={<NewsletterIssuePage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    )
  })
}

beforeAll(async () => {
  serveLocales(api)
  await switchLanguage('es', ['newsletter', 'pages', 'seo'])
})
beforeEach(() => {
  requested = []
  resetPageDataForTests()
})
afterEach(cleanup)

describe('the public newsletter archive', () => {
  it("lists the language's public issues, newest first, each linking to its page", async () => {
    await renderAt('/es/newsletter')
    expect(await screen.findByRole('heading', { level: 1, name: 'Archivo del boletín' })).toBeTruthy()
    const issues = screen.getAllByRole('listitem')
    expect(issues.map((issue) => within(issue).getByRole('link').textContent)).toEqual(['Viajar en diciembre', 'Lima barata'])
    expect(within(issues[0]!).getByRole('link').getAttribute('href')).toBe('/es/newsletter/viajar-en-diciembre')
    expect(issues[0]!.textContent).toContain('Enviada el 1 de diciembre de 2026')
    expect(requested).toContain('/api/v1/newsletter/archive?lang=es')
  })

  it("shows one issue with the server's HTML, and an unknown slug as not found", async () => {
    await renderAt('/es/newsletter/viajar-en-diciembre')
    expect(await screen.findByRole('heading', { level: 1, name: 'Viajar en diciembre' })).toBeTruthy()
    expect(screen.getByText('viajeros').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: /Todas las ediciones/ }).getAttribute('href')).toBe('/es/newsletter')
    cleanup()
    await renderAt('/es/newsletter/no-such-issue')
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    expect(screen.queryByText('Viajar en diciembre')).toBeNull()
    expect(requested).toContain('/api/v1/newsletter/archive/no-such-issue?lang=es')
  })
})
