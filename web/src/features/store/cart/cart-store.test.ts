import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CART_EVENT, readCartCount, type CartSignal } from '../../../lib/cart-signal'
import { cart, cartLine, fakeApi, jsonAnswer, type Call } from '../test-fixtures'
import type { Cart } from '../types'
import { addToCart, getCartState, loadCart, removeLine, resetCartStoreForTests, setLineQuantity, syncCartSession, acceptChanges } from './cart-store'
import { requestCartDrawer } from './storage'

const GUEST = { lang: 'es', authToken: null } as const
const USER = { lang: 'es', authToken: 'jwt-ana' } as const

/** A fake cart API keeping one guest cart (token g1) and one user cart (u1), like the server would. */
function server() {
  const carts: Record<string, Cart> = {}
  let created = 0
  const api = fakeApi((call: Call) => {
    const { method, path } = call
    if (method === 'POST' && path === '/api/v1/store/carts') {
      const token = `g${++created}`
      carts[token] = cart(token)
      return jsonAnswer(carts[token], 201)
    }
    if (path === '/api/v1/store/cart' && method === 'GET') {
      carts.u1 ??= cart('u1', [cartLine('CUBES-L', 1)])
      return jsonAnswer(carts.u1)
    }
    if (path === '/api/v1/store/cart/merge' && method === 'POST') {
      if ((call.body as { token: string }).token === 'u2') {
        return jsonAnswer({ error_code: 'cart_not_yours', message: 'This cart belongs to a signed-in account: sign in to use it.' }, 403)
      }
      const guest = carts[(call.body as { token: string }).token]
      if (!guest) return jsonAnswer({ error_code: 'cart_not_found', message: 'gone' }, 404)
      delete carts[guest.token]
      const user = carts.u1 ?? cart('u1')
      carts.u1 = cart('u1', [...user.lines, ...guest.lines])
      return jsonAnswer(carts.u1)
    }
    const match = /^\/api\/v1\/store\/carts\/([^/]+)(\/.*)?$/.exec(path)
    // The user's cart asked for without the user's session: 403 cart_not_yours.
    if (match?.[1] === 'u1' && call.auth !== 'Bearer jwt-ana') {
      return jsonAnswer({ error_code: 'cart_not_yours', message: 'This cart belongs to a signed-in account: sign in to use it.' }, 403)
    }
    const current = match ? carts[match[1]!] : undefined
    if (!match || !current) return jsonAnswer({ error_code: 'cart_not_found', message: 'gone' }, 404)
    if (method === 'GET' && !match[2]) return jsonAnswer(current)
    if (method === 'PUT' && match[2] === '/lines') {
      const { sku, quantity } = call.body as { sku: string; quantity: number }
      const others = current.lines.filter((line) => line.sku !== sku)
      carts[current.token] = cart(current.token, quantity > 0 ? [...others, cartLine(sku, quantity)] : others)
      return jsonAnswer(carts[current.token])
    }
    if (method === 'DELETE' && match[2]?.startsWith('/lines/')) {
      const sku = decodeURIComponent(match[2].slice('/lines/'.length))
      carts[current.token] = cart(current.token, current.lines.filter((line) => line.sku !== sku))
      return jsonAnswer(carts[current.token])
    }
    if (method === 'POST' && match[2] === '/accept') {
      carts[current.token] = cart(current.token, current.lines.map((line) => ({ ...line, price_changed: false, added_price_cents: line.unit_price_cents })))
      return jsonAnswer(carts[current.token])
    }
    return jsonAnswer({ error_code: 'not_found', message: '?' }, 404)
  })
  vi.stubGlobal('fetch', api.answer)
  return { ...api, carts }
}

const requests = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`)

let signals: CartSignal[] = []
const listen = (event: Event) => signals.push((event as CustomEvent<CartSignal>).detail)

beforeEach(() => {
  window.localStorage.clear()
  resetCartStoreForTests()
  signals = []
  window.addEventListener(CART_EVENT, listen)
})
afterEach(() => {
  window.removeEventListener(CART_EVENT, listen)
  vi.unstubAllGlobals()
})

describe('the guest cart', () => {
  it('is created on the first "Add to cart" only, and its token kept in rumbo.cart', async () => {
    const api = server()
    await loadCart(GUEST)
    expect(api.calls, 'opening the cart without one creates nothing').toEqual([])
    expect(getCartState()).toMatchObject({ status: 'ready', cart: null })

    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 2, GUEST)
    expect(requests(api.calls)).toEqual(['POST /api/v1/store/carts', 'PUT /api/v1/store/carts/g1/lines'])
    // The language is the query's (`?lang=`), on every cart call; the body is the CartLineRequest.
    expect(api.calls.map((call) => call.query.get('lang'))).toEqual(['es', 'es'])
    expect(api.calls[1]!.body).toEqual({ sku: 'CUBES-M', quantity: 2 })
    expect(api.calls[1]!.auth).toBeNull()
    expect(window.localStorage.getItem('rumbo.cart')).toBe('g1')
    expect(getCartState().change).toEqual({ kind: 'added', name: 'Packing cubes', quantity: 2 })

    // The same token next time, and "Add to cart" adds to what is there.
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    expect(requests(api.calls).slice(2)).toEqual(['PUT /api/v1/store/carts/g1/lines'])
    expect(api.calls[2]!.body).toEqual({ sku: 'CUBES-M', quantity: 3 })
  })

  it('is found again through its token, in the page language', async () => {
    const api = server()
    api.carts.g7 = cart('g7', [cartLine('CUBES-M', 2)])
    window.localStorage.setItem('rumbo.cart', 'g7')
    await loadCart(GUEST)
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/store/carts/g7' })
    expect(api.calls[0]!.query.get('lang')).toBe('es')
    expect(getCartState().cart?.lines).toHaveLength(1)
  })

  it('forgets an expired token and starts a new cart on the next add', async () => {
    const api = server()
    window.localStorage.setItem('rumbo.cart', 'expired')
    window.localStorage.setItem('rumbo.cart.count', '4')
    await loadCart(GUEST)
    expect(window.localStorage.getItem('rumbo.cart')).toBeNull()
    expect(window.localStorage.getItem('rumbo.cart.count')).toBeNull()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    expect(requests(api.calls)).toEqual(['GET /api/v1/store/carts/expired', 'POST /api/v1/store/carts', 'PUT /api/v1/store/carts/g1/lines'])
  })

  it('forgets a token that names a signed-in account’s cart (403 cart_not_yours), like an expired one', async () => {
    const api = server()
    api.carts.u1 = cart('u1', [cartLine('CUBES-L', 1)])
    window.localStorage.setItem('rumbo.cart', 'u1')
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    expect(requests(api.calls)).toEqual(['GET /api/v1/store/carts/u1', 'POST /api/v1/store/carts', 'PUT /api/v1/store/carts/g1/lines'])
    expect(window.localStorage.getItem('rumbo.cart')).toBe('g1')
    expect(api.carts.u1.lines).toHaveLength(1)
  })

  it('keeps the token when a line is refused for its product (404 product_not_found is not a lost cart)', async () => {
    const api = server()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    vi.stubGlobal('fetch', async () => jsonAnswer({ error_code: 'product_not_found', message: 'No such product.' }, 404))
    await expect(addToCart({ sku: 'GONE', name: 'Gone' }, 1, GUEST)).rejects.toMatchObject({ status: 404, code: 'product_not_found' })
    expect(window.localStorage.getItem('rumbo.cart')).toBe('g1')
    expect(api.calls).toHaveLength(2)
  })

  it('changes quantities, removes lines and accepts changes on the same cart', async () => {
    const api = server()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    await setLineQuantity('CUBES-M', 4, GUEST)
    expect(getCartState().change).toEqual({ kind: 'updated', name: 'Packing cubes', quantity: 4 })
    await acceptChanges(GUEST)
    await removeLine('CUBES-M', GUEST)
    expect(requests(api.calls).slice(2)).toEqual([
      'PUT /api/v1/store/carts/g1/lines',
      'POST /api/v1/store/carts/g1/accept',
      'DELETE /api/v1/store/carts/g1/lines/CUBES-M',
    ])
    expect(getCartState()).toMatchObject({ change: { kind: 'removed', name: 'Packing cubes' }, busy: false })
    expect(getCartState().cart?.lines).toEqual([])
  })

  it('reports a refused change and keeps the cart as it was', async () => {
    const api = server()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 1, GUEST)
    vi.stubGlobal('fetch', async () => jsonAnswer({ error_code: 'out_of_stock', message: 'Not enough left in stock.', sku: 'CUBES-M', available: 3 }, 409))
    await expect(addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 9, GUEST)).rejects.toMatchObject({ status: 409, code: 'out_of_stock' })
    expect(getCartState()).toMatchObject({ busy: false, cart: { count: 1 } })
    expect(getCartState().error).toMatchObject({ code: 'out_of_stock', body: { sku: 'CUBES-M', available: 3 } })
    expect(api.calls).toHaveLength(2)
  })
})

describe('the item count', () => {
  it('is kept in rumbo.cart.count and announced with a rumbo:cart event after each answer', async () => {
    server()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 2, GUEST)
    expect(window.localStorage.getItem('rumbo.cart.count')).toBe('2')
    expect(readCartCount()).toBe(2)
    await setLineQuantity('CUBES-M', 5, GUEST)
    expect(readCartCount()).toBe(5)
    expect(signals.map((signal) => signal.count)).toEqual([0, 2, 5])
    expect(signals.every((signal) => !signal.open)).toBe(true)
  })

  it('asks the header to open the drawer, with the current count', () => {
    window.localStorage.setItem('rumbo.cart.count', '3')
    requestCartDrawer()
    expect(signals).toEqual([{ count: 3, open: true }])
  })

  it('is 0 when nothing (or nonsense) is stored', () => {
    expect(readCartCount()).toBe(0)
    window.localStorage.setItem('rumbo.cart.count', 'many')
    expect(readCartCount()).toBe(0)
  })
})

describe('signing in and out', () => {
  it('merges the guest cart once after sign-in, then forgets its token and uses the bearer', async () => {
    const api = server()
    await addToCart({ sku: 'CUBES-M', name: 'Packing cubes' }, 2, GUEST)
    api.calls.length = 0

    // The header and a page may both ask at once: one merge.
    await Promise.all([syncCartSession(USER), syncCartSession(USER)])
    const merges = api.calls.filter((call) => call.path === '/api/v1/store/cart/merge')
    expect(merges).toHaveLength(1)
    expect(merges[0]).toMatchObject({ method: 'POST', body: { token: 'g1' }, auth: 'Bearer jwt-ana' })
    expect(window.localStorage.getItem('rumbo.cart')).toBeNull()
    expect(readCartCount()).toBe(2)

    // Later reads and changes go to the user's cart, with the bearer; no second merge.
    api.calls.length = 0
    await loadCart(USER)
    await addToCart({ sku: 'CUBES-L', name: 'Packing cubes' }, 1, USER)
    expect(requests(api.calls)).toEqual(['GET /api/v1/store/cart', 'PUT /api/v1/store/carts/u1/lines'])
    expect(api.calls.every((call) => call.auth === 'Bearer jwt-ana')).toBe(true)
    expect(readCartCount()).toBe(3)
  })

  it('takes the user cart as it is when the guest cart is already gone', async () => {
    const api = server()
    window.localStorage.setItem('rumbo.cart', 'merged-elsewhere')
    await syncCartSession(USER)
    expect(requests(api.calls)).toEqual(['POST /api/v1/store/cart/merge', 'GET /api/v1/store/cart'])
    expect(window.localStorage.getItem('rumbo.cart')).toBeNull()
    expect(readCartCount()).toBe(1)
  })

  it('drops a guest token that is another account’s cart (403 cart_not_yours) and takes the user’s cart', async () => {
    const api = server()
    window.localStorage.setItem('rumbo.cart', 'u2')
    await syncCartSession(USER)
    expect(requests(api.calls)).toEqual(['POST /api/v1/store/cart/merge', 'GET /api/v1/store/cart'])
    expect(window.localStorage.getItem('rumbo.cart')).toBeNull()
    expect(readCartCount()).toBe(1)
  })

  it('keeps the guest token when the merge fails, to try again later', async () => {
    window.localStorage.setItem('rumbo.cart', 'g1')
    vi.stubGlobal('fetch', async () => jsonAnswer({ error_code: 'internal_error', message: 'x' }, 500))
    await syncCartSession(USER)
    expect(window.localStorage.getItem('rumbo.cart')).toBe('g1')
  })

  it('forgets the signed-in user\'s count after sign-out, but never a guest cart', async () => {
    const api = server()
    window.localStorage.setItem('rumbo.cart.count', '3')
    await syncCartSession(GUEST)
    expect(window.localStorage.getItem('rumbo.cart.count')).toBeNull()
    expect(signals.at(-1)).toEqual({ count: 0 })

    window.localStorage.setItem('rumbo.cart', 'g1')
    window.localStorage.setItem('rumbo.cart.count', '2')
    await syncCartSession(GUEST)
    expect(window.localStorage.getItem('rumbo.cart.count')).toBe('2')
    expect(api.calls).toEqual([])
  })
})
