import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { track } from '../../lib/analytics'
import { CART_EVENT, type CartSignal } from '../../lib/cart-signal'
import { serveLocales, switchLanguage } from '../../test/locales'
import { AuthProvider } from '../auth/AuthProvider'
import { resetCartStoreForTests } from './cart/cart-store'
import ProductPage from './ProductPage'
import { cart, cartLine, fakeApi, jsonAnswer, productDetail, type Call } from './test-fixtures'
import type { ProductDetail } from './types'

vi.mock('../../lib/analytics', () => ({ track: vi.fn<typeof track>() }))

let product: ProductDetail = productDetail()
// A product whose answer the test lets through when it wants.
let releaseSlow: (() => void) | null = null
const api = fakeApi((call: Call) => {
  if (call.path === '/api/v1/store/products/packing-cubes') return jsonAnswer(product)
  if (call.path === '/api/v1/store/products/slow-cubes') {
    return new Promise<Response>((resolve) => {
      releaseSlow = () => resolve(jsonAnswer(productDetail('slow-cubes', { name: 'Slow cubes' })))
    })
  }
  if (call.path === '/api/v1/store/carts' && call.method === 'POST') return jsonAnswer(cart('g1'), 201)
  if (call.path === '/api/v1/store/carts/g1/lines') {
    const { sku, quantity } = call.body as { sku: string; quantity: number }
    return jsonAnswer(cart('g1', [cartLine(sku, quantity)]))
  }
  return jsonAnswer({ error_code: 'not_found', message: 'Not found' }, 404)
})

async function renderAt(url: string) {
  await act(async () => {
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={<p>Loading</p>}>
            <Routes>
              <Route path="/store/:slug" element={<ProductPage />} />
              <Route path="/es/store/:slug" element={<ProductPage />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </AuthProvider>,
    )
  })
}

const radio = (name: RegExp) => screen.getByRole('radio', { name })
const button = (name: string | RegExp) => screen.getByRole('button', { name })
const click = (element: HTMLElement) => act(async () => fireEvent.click(element))

let signals: CartSignal[] = []
const listen = (event: Event) => signals.push((event as CustomEvent<CartSignal>).detail)

beforeAll(async () => {
  serveLocales(api.answer)
  await switchLanguage('en', ['store', 'navigation', 'pages'])
})
beforeEach(() => {
  product = productDetail()
  api.calls.length = 0
  signals = []
  window.localStorage.clear()
  resetCartStoreForTests()
  vi.mocked(track).mockClear()
  window.addEventListener(CART_EVENT, listen)
})
afterEach(() => {
  window.removeEventListener(CART_EVENT, listen)
  cleanup()
})

describe('the product page', () => {
  it('shows the product with its breadcrumb, gallery and description, and reports view_item', async () => {
    await renderAt('/store/packing-cubes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Name of packing-cubes' })).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    expect(crumbs.getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/store')
    expect(crumbs.getByRole('link', { name: 'Gear' }).getAttribute('href')).toBe('/store?category=gear')
    expect(crumbs.getByText('Name of packing-cubes').getAttribute('aria-current')).toBe('page')
    expect(screen.getByText('keep a bag tidy').tagName).toBe('STRONG')
    // The head says what the server's head for this page says: the product's meta description.
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Three packing cubes that keep a bag tidy.'),
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Name of lisbon-guide' })).toBeTruthy()

    // The gallery: thumbnails are buttons that show their image.
    expect(screen.getByRole('img', { name: 'The three cubes' }).getAttribute('width')).toBe('800')
    const second = button('Show image 2 of 2')
    expect(second.getAttribute('aria-pressed')).toBe('false')
    await click(second)
    expect(second.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('img', { name: 'The cubes in a bag' })).toBeTruthy()

    expect(vi.mocked(track)).toHaveBeenCalledWith({
      name: 'view_item',
      item: { item_id: 'CUBES-M', item_name: 'Name of packing-cubes', price: 29, quantity: 1 },
    })
  })

  it('offers the variants as a radio group: sold-out ones disabled, the first available chosen', async () => {
    await renderAt('/store/packing-cubes')
    const group = await screen.findByRole('group', { name: 'Choose an option' })
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
    expect((radio(/Small/) as HTMLInputElement).disabled).toBe(true)
    expect(within(radio(/Small/).closest('label')!).getByText('Sold out')).toBeTruthy()
    expect((radio(/Medium/) as HTMLInputElement).checked).toBe(true)
    expect(screen.getAllByText('Only 3 left').length).toBeGreaterThan(0)

    // Medium: at most 3, however often "One more" is pressed; the button stays focusable.
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement
    for (let i = 0; i < 4; i++) await click(button('One more'))
    expect(quantity.value).toBe('3')
    expect(button('One more').getAttribute('aria-disabled')).toBe('true')
    fireEvent.change(quantity, { target: { value: '0' } })
    fireEvent.blur(quantity)
    expect(quantity.value).toBe('1')

    // Large is on sale: its price and the struck-through one, each named for screen readers.
    await click(radio(/Large/))
    expect((radio(/Large/) as HTMLInputElement).checked).toBe(true)
    const price = screen.getAllByText('Sale price')[0]!.closest('p')!
    expect(price.textContent).toBe('Sale price $29 Regular price $39')
    expect(within(price).getByText('$39', { exact: false }).closest('s')).toBeTruthy()
  })

  it('puts the chosen variant and quantity in a new cart, reports add_to_cart and opens the drawer', async () => {
    await renderAt('/store/packing-cubes')
    await screen.findByRole('group', { name: 'Choose an option' })
    await click(radio(/Large/))
    await click(button('One more'))
    await click(button('Add to cart'))

    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/store/carts')).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/store/carts',
      'PUT /api/v1/store/carts/g1/lines',
    ])
    expect(api.calls.at(-1)!.body).toEqual({ sku: 'CUBES-L', quantity: 2 })
    expect(api.calls.at(-1)!.query.get('lang')).toBe('en')
    expect(window.localStorage.getItem('rumbo.cart')).toBe('g1')
    expect(vi.mocked(track)).toHaveBeenCalledWith({
      name: 'add_to_cart',
      item: { item_id: 'CUBES-L', item_name: 'Name of packing-cubes', price: 29, quantity: 2 },
    })
    expect(signals.at(-1)).toEqual({ count: 2, open: true })
  })

  it('cannot add a product whose every variant is sold out', async () => {
    product = productDetail('packing-cubes', {
      variants: [productDetail().variants[0]!],
      stock: { status: 'sold_out', left: null },
    })
    await renderAt('/store/packing-cubes')
    const soldOut = await screen.findByRole('button', { name: 'Sold out' })
    expect((soldOut as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('group', { name: 'Choose an option' })).toBeNull()
    expect(screen.queryByRole('spinbutton')).toBeNull()
  })

  it('lists the languages of a digital guide, named in themselves', async () => {
    product = productDetail('packing-cubes', { kind: 'digital', languages: ['en', 'es'], variants: [productDetail().variants[2]!] })
    await switchLanguage('es', ['store', 'navigation'])
    await renderAt('/es/store/packing-cubes')
    expect(await screen.findByRole('heading', { name: 'La guía está en' })).toBeTruthy()
    expect(screen.getByText('Español').getAttribute('lang')).toBe('es')
    expect(screen.getAllByText('Descarga digital').length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Añadir al carrito' })).toBeTruthy()
    expect(api.calls[0]!.query.get('lang')).toBe('es')
    await switchLanguage('en', ['store', 'navigation'])
  })

  it("keeps the product's shape while it loads, rather than the route's short loader", async () => {
    await renderAt('/store/slow-cubes')
    // The page's own skeleton, not the loader around the routes (which lets the footer show, then jump).
    expect(screen.queryByText('Loading')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Loading the page…')
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    await act(async () => releaseSlow?.())
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow cubes' })).toBeTruthy()
    expect(screen.queryByText('Loading the page…')).toBeNull()
  })

  it('is the not-found page for a slug the API does not know', async () => {
    await renderAt('/store/no-such-thing')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destination Not Found' })).toBeTruthy()
  })
})
