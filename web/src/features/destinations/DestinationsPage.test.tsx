import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { destinationSummary, json } from '../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../test/locales'
import DestinationsPage from './DestinationsPage'

const requested: string[] = []
async function api(url: string): Promise<Response> {
  requested.push(url)
  const type = new URL(url, 'http://x').searchParams.get('type')
  const items = type === 'beaches' ? [destinationSummary('beaches', 'type', 'es'), destinationSummary('tropical', 'theme', 'es')] : [destinationSummary('europe', 'region', 'es')]
  return json({ items })
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
            <Route path="/es/destinations" element={<DestinationsPage />} />
          </Routes>
          <Url />
        </Suspense>
      </MemoryRouter>,
    )
  })
}

beforeAll(async () => {
  serveLocales(api)
  await switchLanguage('es', ['destinations', 'blog'])
})
afterEach(cleanup)

describe('destinations page tabs', () => {
  it('takes the tab from the address, asks the API for that type and marks the tab current', async () => {
    await renderAt('/es/destinations?type=beaches')
    expect(await screen.findByRole('heading', { name: 'Title of tropical' })).toBeTruthy()
    expect(requested.at(-1)).toBe('/api/v1/destinations?lang=es&type=beaches')
    expect(screen.getByRole('link', { name: 'Playas' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByText('Destinos mostrados: 2')).toBeTruthy()
  })

  it('moves to another tab through the address', async () => {
    await renderAt('/es/destinations?type=beaches')
    await screen.findByRole('heading', { name: 'Title of tropical' })
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Todos' })))
    expect(screen.getByTestId('url').textContent).toBe('/es/destinations')
    expect(await screen.findByRole('heading', { name: 'Title of europe' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Todos' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Playas' }).getAttribute('href')).toBe('/es/destinations?type=beaches')
  })
})
