import { act, cleanup, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { json } from '../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../test/locales'
import { PAGE_DATA_ELEMENT_ID, resetPageDataForTests } from '../content/page-data'
import OpinionPage from './OpinionPage'
import { opinionPage } from './test-fixtures'
import type { OpinionPage as OpinionPageData } from './types'

let requested: string[] = []
async function api(url: string): Promise<Response> {
  requested.push(url)
  const { pathname, searchParams } = new URL(url, 'http://x')
  if (pathname === '/api/v1/opinions/from-the-api') return json(opinionPage('from-the-api', searchParams.get('lang') === 'es' ? 'es' : 'en'))
  return json({ error_code: 'not_found', message: 'Not found' }, 404)
}

function embed(path: string, data: OpinionPageData) {
  document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify({ path, data })}</script>`
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/es/help/opinions/:slug" element={<OpinionPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    )
  })
}

beforeAll(async () => {
  serveLocales(api)
  await switchLanguage('es', ['opinions', 'pages'])
})
beforeEach(() => {
  requested = []
  resetPageDataForTests()
})
afterEach(() => {
  cleanup()
  document.head.innerHTML = ''
})

describe('one opinion', () => {
  it("renders the server's data block at once: title, facts, the sanitized body, other languages, the way to book", async () => {
    embed('/es/help/opinions/cancelled-flight', opinionPage('cancelled-flight', 'es', { title: 'Vuelo cancelado en Lima', languages: ['es', 'en', 'pt'] }))
    await renderAt('/es/help/opinions/cancelled-flight')
    expect(requested).toEqual([])
    const article = screen.getByRole('article')
    expect(within(article).getByRole('heading', { level: 1, name: 'Vuelo cancelado en Lima' }).hasAttribute('lang')).toBe(false)
    const facts = Object.fromEntries(within(article).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling!.textContent]))
    expect(facts).toEqual({ Categoría: 'Aerolínea', País: 'Perú', Resultado: 'Refund obtained', Publicada: '1 de diciembre de 2026' })
    expect(within(article).getByRole('heading', { level: 2, name: 'What happened' })).toBeTruthy()
    expect(within(article).getByRole('link', { name: 'Ask us' }).getAttribute('href')).toBe('/help')
    const languages = within(article).getByRole('navigation', { name: 'Léela en otro idioma' })
    const links = within(languages).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('hreflang')])).toEqual([
      ['English', '/help/opinions/cancelled-flight', 'en'],
      ['Português', '/pt/help/opinions/cancelled-flight', 'pt'],
    ])
    expect(within(article).getByRole('link', { name: 'Reserva una consulta' }).getAttribute('href')).toBe('/es/help')
    expect(within(article).getByRole('link', { name: /Todas las opiniones/ }).getAttribute('href')).toBe('/es/help/opinions')
  })

  it('asks the API when the block was rendered for another page', async () => {
    embed('/es/help/opinions/another-page', opinionPage('another-page'))
    await renderAt('/es/help/opinions/from-the-api')
    expect(await screen.findByRole('heading', { level: 1, name: 'Title of from-the-api' })).toBeTruthy()
    expect(requested).toEqual(['/api/v1/opinions/from-the-api?lang=es'])
  })

  it('is the not-found page for an unknown slug, and for one that cannot be a slug without asking', async () => {
    await renderAt('/es/help/opinions/no-such-opinion')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
    expect(requested).toEqual(['/api/v1/opinions/no-such-opinion?lang=es'])
    cleanup()
    requested = []
    await renderAt('/es/help/opinions/Not_A_Slug')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
    expect(requested).toEqual([])
  })
})

describe("an opinion without a text in the page's language", () => {
  it('shows the original text, marked with its language, and says so', async () => {
    embed('/es/help/opinions/only-in-portuguese', opinionPage('only-in-portuguese', 'pt', { languages: ['pt'] }))
    await renderAt('/es/help/opinions/only-in-portuguese')
    const heading = screen.getByRole('heading', { level: 1, name: 'Title of only-in-portuguese' })
    expect(heading.getAttribute('lang')).toBe('pt')
    expect(screen.getByText(/aún no tiene versión en español.*\(Português\)/)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'What happened' }).closest('[lang]')!.getAttribute('lang')).toBe('pt')
    // Portuguese is the only text: the reader may switch to the Portuguese page.
    expect(screen.getByRole('link', { name: 'Português' }).getAttribute('href')).toBe('/pt/help/opinions/only-in-portuguese')
  })
})
