import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { polyfillDialog, serveLocales, switchLanguage } from '../../../test/locales'
import { AuthProvider } from '../../auth/AuthProvider'
import { cart, cartLine, fakeApi, jsonAnswer, type Call } from '../test-fixtures'
import type { Cart } from '../types'
import CartDrawer from './CartDrawer'
import { addToCart, resetCartStoreForTests } from './cart-store'

let current: Cart
/** How many are left of a variant the next line change asks too many of (409 out_of_stock). */
let shortage: number | null = null
const api = fakeApi((call: Call) => {
  const base = '/api/v1/store/carts/g1'
  if (call.method === 'GET' && call.path === base) return jsonAnswer(current)
  if (call.method === 'PUT' && call.path === `${base}/lines` && shortage !== null) {
    const { sku } = call.body as { sku: string }
    return jsonAnswer({ error_code: 'out_of_stock', message: 'Not enough left in stock.', sku, available: shortage }, 409)
  }
  if (call.method === 'PUT' && call.path === `${base}/lines`) {
    const { sku, quantity } = call.body as { sku: string; quantity: number }
    current = cart('g1', current.lines.map((line) => (line.sku === sku ? cartLine(sku, quantity, { name: line.name }) : line)))
    return jsonAnswer(current)
  }
  if (call.method === 'DELETE' && call.path.startsWith(`${base}/lines/`)) {
    current = cart('g1', current.lines.filter((line) => call.path !== `${base}/lines/${line.sku}`))
    return jsonAnswer(current)
  }
  if (call.method === 'POST' && call.path === `${base}/accept`) {
    current = cart('g1', current.lines.map((line) => ({ ...line, price_changed: false, problem: null, added_price_cents: line.unit_price_cents })))
    return jsonAnswer(current)
  }
  return jsonAnswer({ error_code: 'not_found', message: '?' }, 404)
})

/** A page with a button that opens the drawer, as the header's cart button does. */
function Page() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open cart
      </button>
      {open && <CartDrawer onClose={() => setOpen(false)} />}
    </>
  )
}

async function openDrawer() {
  await act(async () => {
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/store']}>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </MemoryRouter>
      </AuthProvider>,
    )
  })
  const opener = screen.getByRole('button', { name: 'Open cart' })
  opener.focus()
  await act(async () => fireEvent.click(opener))
  return opener
}

const drawer = () => within(screen.getByRole('dialog'))
const click = (name: string | RegExp) => act(async () => fireEvent.click(drawer().getByRole('button', { name })))

beforeAll(async () => {
  polyfillDialog()
  serveLocales(api.answer)
  await switchLanguage('en', ['store', 'navigation'])
})
beforeEach(() => {
  window.localStorage.clear()
  window.localStorage.setItem('rumbo.cart', 'g1')
  resetCartStoreForTests()
  api.calls.length = 0
  shortage = null
  current = cart('g1', [
    cartLine('CUBES-M', 2, { name: 'Packing cubes', variant_name: 'Medium' }),
    cartLine('GUIDE-LIS', 1, {
      name: 'Lisbon guide',
      variant_name: 'PDF',
      kind: 'digital',
      slug: 'lisbon-guide',
      unit_price_cents: 1500,
      added_price_cents: 1900,
      line_total_cents: 1500,
      price_changed: true,
    }),
  ])
})
afterEach(cleanup)

describe('the cart drawer', () => {
  it('is a labelled modal dialog listing the lines, with the subtotal and changed prices', async () => {
    await openDrawer()
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-labelledby')).toBe(drawer().getByRole('heading', { name: 'Your cart' }).id)
    const lines = within(await drawer().findByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem')
    expect(lines).toHaveLength(2)
    expect(within(lines[0]!).getByRole('link', { name: 'Packing cubes' }).getAttribute('href')).toBe('/store/packing-cubes')
    expect(within(lines[0]!).getByText('Medium')).toBeTruthy()
    expect(within(lines[0]!).getByText('$29 each')).toBeTruthy()
    expect(within(lines[0]!).getByText('$58')).toBeTruthy()
    expect((within(lines[0]!).getByRole('spinbutton', { name: 'Quantity of Packing cubes' }) as HTMLInputElement).value).toBe('2')
    expect(within(lines[1]!).getByText('The price changed from $19 to $15.')).toBeTruthy()
    expect(drawer().getByText('Subtotal').nextElementSibling?.textContent).toBe('$73')
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/store/carts/g1' })

    // Changed prices are accepted before checking out.
    expect(drawer().queryByRole('link', { name: 'Checkout' })).toBeNull()
    expect(drawer().getByText('Update your cart above to check out.')).toBeTruthy()
    await click('OK, update my cart')
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/store/carts/g1/accept' })
    expect(drawer().queryByText('The price changed from $19 to $15.')).toBeNull()
    expect(drawer().getByRole('status').textContent).toBe('Your cart is up to date.')
    expect(drawer().getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/store/checkout')

    // Following a link closes the drawer, and leaves the focus to the new page.
    const checkout = drawer().getByRole('link', { name: 'Checkout' })
    checkout.focus()
    await act(async () => fireEvent.click(checkout))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Open cart' }))
  })

  it('changes a quantity and removes a line, announcing each change and updating the count', async () => {
    await openDrawer()
    await drawer().findByRole('list', { name: 'Items in your cart' })
    const [first] = drawer().getAllByRole('button', { name: 'One more' })
    await act(async () => fireEvent.click(first!))
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/v1/store/carts/g1/lines', body: { sku: 'CUBES-M', quantity: 3 } })
    expect(api.calls.at(-1)!.query.get('lang')).toBe('en')
    expect(drawer().getByRole('status').textContent).toBe('Packing cubes: quantity 3.')
    expect(window.localStorage.getItem('rumbo.cart.count')).toBe('4')

    await click('Remove Lisbon guide')
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/store/carts/g1/lines/GUIDE-LIS' })
    expect(drawer().getByRole('status').textContent).toBe('Lisbon guide was removed from your cart.')
    expect(drawer().getAllByRole('listitem')).toHaveLength(1)
    expect(window.localStorage.getItem('rumbo.cart.count')).toBe('3')

    await click('Remove Packing cubes')
    expect(drawer().getByText('Your cart is empty.')).toBeTruthy()
    expect(drawer().getByRole('link', { name: 'Browse the store' }).getAttribute('href')).toBe('/store')
  })

  it('says how many are left when a quantity is more than the stock', async () => {
    await openDrawer()
    await drawer().findByRole('list', { name: 'Items in your cart' })
    shortage = 2
    const [first] = drawer().getAllByRole('button', { name: 'One more' })
    await act(async () => fireEvent.click(first!))
    expect(drawer().getByRole('alert').textContent).toBe("There aren't enough left for that quantity: only 2 remain.")
    expect(drawer().getByText('$58')).toBeTruthy()
  })

  it('describes itself with what was just added, and gives the focus back on closing', async () => {
    current = cart('g1', [])
    await act(async () => {
      await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 2, { lang: 'en', authToken: null }).catch(() => undefined)
    })
    const opener = await openDrawer()
    const dialog = screen.getByRole('dialog')
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe('Added to your cart: Packing cubes (×2).')
    expect(drawer().getByRole('status').textContent).toBe('')

    await click('Close the cart')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('shows an empty cart without asking when there is no cart yet', async () => {
    window.localStorage.removeItem('rumbo.cart')
    await openDrawer()
    expect(await drawer().findByText('Your cart is empty.')).toBeTruthy()
    expect(api.calls).toEqual([])
  })

  it('offers a retry when the cart cannot be read', async () => {
    current = undefined as unknown as Cart
    window.localStorage.setItem('rumbo.cart', 'g2')
    const failing = fakeApi(() => jsonAnswer({ error_code: 'internal_error', message: 'x' }, 500))
    serveLocales(failing.answer)
    await openDrawer()
    expect((await drawer().findByRole('alert')).textContent).toContain("We couldn't load your cart.")
    await click('Try again')
    expect(failing.calls.filter((call) => call.path === '/api/v1/store/carts/g2')).toHaveLength(2)
    serveLocales(api.answer)
  })
})
