import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AuthProvider } from '../../features/auth/AuthProvider'
import { CART_EVENT } from '../../lib/cart-signal'
import { polyfillDialog, serveLocales, switchLanguage } from '../../test/locales'
import { CartButton } from './CartButton'

const requests: string[] = []

async function renderButton() {
  await act(async () => {
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/es']}>
          <Suspense fallback={null}>
            <CartButton />
          </Suspense>
        </MemoryRouter>
      </AuthProvider>,
    )
  })
}

const cartButton = () => screen.getByRole('button', { name: /^Carrito/ })

beforeAll(async () => {
  polyfillDialog()
  serveLocales(async (url) => {
    requests.push(url)
    return new Response(JSON.stringify({ error_code: 'not_found', message: '?' }), { status: 404 })
  })
  await switchLanguage('es', ['navigation'])
})
beforeEach(() => {
  window.localStorage.clear()
  requests.length = 0
})
afterEach(cleanup)

describe("the header's cart button", () => {
  it('names the count it reads from rumbo.cart.count, and follows the store and other tabs', async () => {
    window.localStorage.setItem('rumbo.cart', 'g1')
    window.localStorage.setItem('rumbo.cart.count', '2')
    await renderButton()
    expect(cartButton().getAttribute('aria-label')).toBe('Carrito, 2 productos')
    expect(cartButton().getAttribute('aria-haspopup')).toBe('dialog')
    expect(cartButton().textContent).toBe('2')

    window.localStorage.setItem('rumbo.cart.count', '1')
    await act(async () => window.dispatchEvent(new CustomEvent(CART_EVENT, { detail: { count: 1 } })))
    expect(cartButton().getAttribute('aria-label')).toBe('Carrito, 1 producto')

    // Another tab emptied the cart: only the storage event arrives here.
    window.localStorage.setItem('rumbo.cart.count', '0')
    await act(async () => window.dispatchEvent(new StorageEvent('storage', { key: 'rumbo.cart.count', newValue: '0' })))
    expect(cartButton().getAttribute('aria-label')).toBe('Carrito, vacío')
    expect(cartButton().textContent).toBe('')
    expect(requests.filter((url) => url.startsWith('/api/'))).toEqual([])
  })

  it('opens the cart drawer when clicked, or when a page asks after "Add to cart"', async () => {
    await renderButton()
    await act(async () => fireEvent.click(cartButton()))
    expect(await screen.findByRole('dialog', { name: 'Tu carrito' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cerrar el carrito' })))
    expect(screen.queryByRole('dialog')).toBeNull()

    await act(async () => window.dispatchEvent(new CustomEvent(CART_EVENT, { detail: { count: 0, open: true } })))
    expect(await screen.findByRole('dialog', { name: 'Tu carrito' })).toBeTruthy()
  })

  it("forgets a signed-in user's count once signed out (no guest cart left)", async () => {
    window.localStorage.setItem('rumbo.cart.count', '3')
    await renderButton()
    await waitFor(() => expect(window.localStorage.getItem('rumbo.cart.count')).toBeNull())
    expect(cartButton().getAttribute('aria-label')).toBe('Carrito, vacío')
    expect(requests.filter((url) => url.startsWith('/api/'))).toEqual([])
  })
})
