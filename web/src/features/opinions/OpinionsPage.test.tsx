import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { json } from '../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../test/locales'
import { PAGE_DATA_ELEMENT_ID, resetPageDataForTests } from '../content/page-data'
import OpinionsPage from './OpinionsPage'
import { opinionSummary } from './test-fixtures'
import type { OpinionList } from './types'

let requested: string[] = []
async function api(url: string): Promise<Response> {
  requested.push(url)
  const category = new URL(url, 'http://x').searchParams.get('category')
  if (category === 'bus') return json({ items: [] })
  if (category === 'rail') return json({ items: [opinionSummary('late-night-train', 'rail', 'es')] })
  if (category === 'hotel') return json({ items: [opinionSummary('overbooked-hotel', 'hotel', 'es'), opinionSummary('no-hot-water', 'hotel', 'pt')] })
  return json({ items: [opinionSummary('cancelled-flight', 'airline', 'es'), opinionSummary('lost-bag', 'airport', 'es')] })
}

function embed(path: string, data: OpinionList) {
  document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify({ path, data })}</script>`
}

function Url() {
  const { pathname, search } = useLocation()
  return <output data-testid="url">{pathname + search}</output>
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/es/help/opinions" element={<OpinionsPage />} />
          </Routes>
          <Url />
        </Suspense>
      </MemoryRouter>,
    )
  })
}

const filters = () => screen.getByRole('navigation', { name: 'Filtrar opiniones por categoría' })
const filter = (name: string) => within(filters()).getByRole('link', { name })

beforeAll(async () => {
  serveLocales(api)
  await switchLanguage('es', ['opinions'])
})
beforeEach(() => {
  requested = []
  resetPageDataForTests()
})
afterEach(() => {
  cleanup()
  document.head.innerHTML = ''
})

describe('the opinions list', () => {
  it("renders the server's data block at once, without asking the API", async () => {
    embed('/es/help/opinions', { items: [opinionSummary('from-the-block', 'insurance', 'es')] })
    await renderAt('/es/help/opinions')
    expect(screen.getByRole('heading', { level: 1, name: 'Opiniones sobre casos de viajeros' })).toBeTruthy()
    const card = screen.getByRole('heading', { level: 2, name: 'Title of from-the-block' })
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/es/help/opinions/from-the-block')
    expect(screen.getByText('Opiniones mostradas: 1')).toBeTruthy()
    expect(card.closest('article')!.textContent).toContain('Seguro · Perú')
    expect(filter('Todas').getAttribute('aria-current')).toBe('page')
    expect(requested).toEqual([])
  })

  it('offers every category as a link, and a filtered address asks the API for it (an unfiltered block does not pass for it)', async () => {
    embed('/es/help/opinions', { items: [opinionSummary('from-the-block', 'insurance', 'es')] })
    await renderAt('/es/help/opinions?category=hotel')
    expect(await screen.findByRole('heading', { name: 'Title of overbooked-hotel' })).toBeTruthy()
    expect(requested).toEqual(['/api/v1/opinions?lang=es&category=hotel'])
    expect(screen.queryByText('Title of from-the-block')).toBeNull()
    const links = within(filters()).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Todas', 'Aerolínea', 'Aeropuerto', 'Hotel', 'Agencia de viajes', 'Tren', 'Autobús', 'Seguro', 'Otros'])
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/es/help/opinions',
      '/es/help/opinions?category=airline',
      '/es/help/opinions?category=airport',
      '/es/help/opinions?category=hotel',
      '/es/help/opinions?category=agency',
      '/es/help/opinions?category=rail',
      '/es/help/opinions?category=bus',
      '/es/help/opinions?category=insurance',
      '/es/help/opinions?category=other',
    ])
    expect(filter('Hotel').getAttribute('aria-current')).toBe('page')
    expect(filter('Todas').getAttribute('aria-current')).toBeNull()
  })

  it('takes a block rendered for the filtered address itself', async () => {
    embed('/es/help/opinions?category=hotel', { items: [opinionSummary('embedded-hotel', 'hotel', 'es')] })
    await renderAt('/es/help/opinions?category=hotel')
    expect(screen.getByRole('heading', { name: 'Title of embedded-hotel' })).toBeTruthy()
    expect(requested).toEqual([])
  })

  it('moves between categories through the address, and says when one is empty', async () => {
    await renderAt('/es/help/opinions')
    await screen.findByRole('heading', { name: 'Title of cancelled-flight' })
    await act(async () => fireEvent.click(filter('Tren')))
    expect(screen.getByTestId('url').textContent).toBe('/es/help/opinions?category=rail')
    expect(await screen.findByRole('heading', { name: 'Title of late-night-train' })).toBeTruthy()
    expect(screen.getByText('Opiniones mostradas: 1')).toBeTruthy()
    await act(async () => fireEvent.click(filter('Autobús')))
    expect(await screen.findByText(/Todavía no hay opiniones en esta categoría/)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Opiniones publicadas' })).toBeNull()
    await act(async () => fireEvent.click(filter('Todas')))
    expect(screen.getByTestId('url').textContent).toBe('/es/help/opinions')
    expect(await screen.findByRole('heading', { name: 'Title of cancelled-flight' })).toBeTruthy()
  })

  it("marks a text shown in the traveller's language, and leads to a consultation", async () => {
    await renderAt('/es/help/opinions?category=hotel')
    const other = await screen.findByRole('heading', { name: 'Title of no-hot-water' })
    expect(other.getAttribute('lang')).toBe('pt')
    expect(screen.getByRole('heading', { name: 'Title of overbooked-hotel' }).hasAttribute('lang')).toBe(false)
    expect(screen.getByRole('link', { name: 'Reserva una consulta' }).getAttribute('href')).toBe('/es/help')
  })
})
