import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { serveLocales, switchLanguage } from '../../test/locales'
import StorePage from './StorePage'
import { fakeApi, jsonAnswer, productCard, productPage, type Call } from './test-fixtures'

let failing = false
// The catalogue's answer waits for `held` when set, so the skeleton is seen however fast the fake answers.
let held: Promise<void> | null = null
let release = () => {}
function holdAnswers() {
  held = new Promise((resolve) => {
    release = resolve
  })
}
const api = fakeApi(async (call: Call) => {
  if (call.path !== '/api/v1/store/products') return jsonAnswer({ error_code: 'not_found', message: '?' }, 404)
  if (held) await held
  if (failing) return jsonAnswer({ error_code: 'internal_error', message: 'x' }, 500)
  const category = call.query.get('category')
  if (call.query.get('cursor') === 'page-2') return jsonAnswer(productPage(['map-case'], null))
  if (category === 'gear') return jsonAnswer({ ...productPage([], null), items: [productCard('packing-cubes', { category: 'gear', category_name: 'Gear', kind: 'physical', on_sale: true, compare_at_cents: 3900, price_cents: 2900, stock: { status: 'low_stock', left: 2 } })] })
  return jsonAnswer(productPage(['lisbon-guide', 'rome-guide'], 'page-2'))
})

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
            <Route path="/store" element={<StorePage />} />
            <Route path="/es/store" element={<StorePage />} />
          </Routes>
          <Url />
        </Suspense>
      </MemoryRouter>,
    )
  })
}

const productRequests = () => api.calls.filter((call) => call.path === '/api/v1/store/products')
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)

beforeAll(async () => {
  serveLocales(api.answer)
  await switchLanguage('en', ['store', 'navigation'])
})
beforeEach(() => {
  api.calls.length = 0
  failing = false
  held = null
})
afterEach(cleanup)

describe('the store catalogue', () => {
  it('shows card skeletons, then the cards with their links, prices and tags', async () => {
    holdAnswers()
    await renderAt('/store')
    expect(screen.getByText('Loading products…')).toBeTruthy()
    await act(async () => release())
    expect(await screen.findByRole('heading', { level: 2, name: 'Name of lisbon-guide' })).toBeTruthy()
    expect(screen.queryByText('Loading products…')).toBeNull()
    expect(screen.getByRole('link', { name: 'Name of lisbon-guide' }).getAttribute('href')).toBe('/store/lisbon-guide')
    const card = screen.getByRole('link', { name: 'Name of lisbon-guide' }).closest('article')!
    expect(within(card).getByText('$19')).toBeTruthy()
    expect(within(card).getByText('Digital download')).toBeTruthy()
    const image = within(card).getByRole('img', { name: 'Cover of lisbon-guide' })
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '600'])
    expect(screen.getByText('2 products shown')).toBeTruthy()
    expect(productRequests()[0]!.query.toString()).toBe('lang=en&sort=featured&limit=12')
  })

  it('keeps the category and the order in the address, and asks the API for them', async () => {
    await renderAt('/store?sort=newest')
    await screen.findByRole('heading', { level: 2, name: 'Name of lisbon-guide' })
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('newest')
    const group = screen.getByRole('group', { name: 'Category' })
    expect((within(group).getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true)

    await act(async () => fireEvent.click(within(group).getByRole('radio', { name: 'Gear' })))
    expect(screen.getByTestId('url').textContent).toBe('/store?sort=newest&category=gear')
    expect(await screen.findByRole('heading', { level: 2, name: 'Name of packing-cubes' })).toBeTruthy()
    expect(productRequests().at(-1)!.query.get('category')).toBe('gear')
    expect(productRequests().at(-1)!.query.get('sort')).toBe('newest')

    const card = screen.getByRole('link', { name: 'Name of packing-cubes' }).closest('article')!
    expect(within(card).getByText('Sale')).toBeTruthy()
    expect(within(card).getByText('Only 2 left')).toBeTruthy()
    expect(within(card).getByText('$39', { exact: false }).closest('s')).toBeTruthy()

    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_asc' } }))
    expect(screen.getByTestId('url').textContent).toBe('/store?sort=price_asc&category=gear')
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'featured' } }))
    expect(screen.getByTestId('url').textContent).toBe('/store?category=gear')
  })

  it('loads the next page with the cursor and moves the focus to the first new card', async () => {
    await renderAt('/store')
    await screen.findByRole('heading', { level: 2, name: 'Name of lisbon-guide' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more products' })))
    expect(await screen.findByRole('heading', { level: 2, name: 'Name of map-case' })).toBeTruthy()
    expect(productRequests().at(-1)!.query.get('cursor')).toBe('page-2')
    expect(cardTitles()).toEqual(['Name of lisbon-guide', 'Name of rome-guide', 'Name of map-case'])
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Name of map-case' }))
    expect(screen.queryByRole('button', { name: 'Show more products' })).toBeNull()
    expect(screen.getByText('3 products shown')).toBeTruthy()
  })

  it('says so in the page language when the products cannot be loaded, and tries again', async () => {
    failing = true
    await switchLanguage('es', ['store', 'navigation'])
    await renderAt('/es/store')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('No pudimos cargar los productos.')
    failing = false
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' })))
    expect(await screen.findByRole('heading', { level: 2, name: 'Name of lisbon-guide' })).toBeTruthy()
    expect(productRequests().at(-1)!.query.get('lang')).toBe('es')
    await switchLanguage('en', ['store', 'navigation'])
  })
})
