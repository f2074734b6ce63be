import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { track } from '../../../lib/analytics'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { AuthContext, type AuthState } from '../../auth/auth-context'
import OrderPage from '../orders/OrderPage'
import CheckoutPage from './CheckoutPage'
import { CART_COUNT_KEY, CART_EVENT, CART_TOKEN_KEY } from './cart-token'
import { pendingOrder, rememberPendingOrder } from './order-store'
import { BAG, CART_TOKEN, cartOf, downloadOf, GUIDE, ORDER_ID, ORDER_TOKEN, orderOf, signedLink } from './test-fixtures'
import type { Address, AddressRequest, Cart, Order, OrderRequest, QuoteRequest } from '../types'

vi.mock('../../../lib/analytics', () => ({ track: vi.fn<typeof track>() }))

interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  headers: Headers
}

interface Server {
  cart: Cart
  order: Order | null
  calls: Call[]
  /** Answers of POST orders by Idempotency-Key (the same key gives back the same order). */
  placed: Map<string, Order>
  /** The next POST orders answers this instead. */
  failNextOrder: { status: number; body: unknown } | null
  /** The next card payment answers this instead. */
  failNextPayment: { status: number; body: unknown } | null
}
let server: Server

const SIGNED_OUT: AuthState = { user: null, session: null, loading: false }

const text = (value: string | null | undefined) => (value ?? '').trim()

/** The address as the server keeps it: every part a string, the postal code in capitals. */
function stored(address: AddressRequest): Address {
  return {
    name: text(address.name),
    line1: text(address.line1),
    line2: text(address.line2),
    city: text(address.city),
    region: text(address.region),
    postal_code: text(address.postal_code).toUpperCase(),
    country: text(address.country).toUpperCase(),
    phone: text(address.phone),
  }
}

function cleared(cart: Cart): Cart {
  const lines = cart.lines.map((line) => ({ ...line, price_changed: false, problem: null, added_price_cents: line.unit_price_cents }))
  return { ...cart, lines, changed: false }
}

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const method = init?.method ?? 'GET'
  const headers = new Headers(init?.headers)
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null
  server.calls.push({ method, path: pathname, query: searchParams, body, headers })
  const cartPath = `/api/v1/store/carts/${CART_TOKEN}`
  const orderPath = `/api/v1/store/orders/${ORDER_ID}`

  if (pathname === cartPath && method === 'GET') return json(server.cart)
  if (pathname === '/api/v1/store/cart' && method === 'GET') {
    return headers.get('Authorization') === 'Bearer jwt-ana'
      ? json(server.cart)
      : json({ error_code: 'no_authorization', message: 'Sign in first.' }, 401)
  }
  if (pathname === `${cartPath}/accept` && method === 'POST') {
    server.cart = cleared(server.cart)
    return json(server.cart)
  }
  if (pathname === `${cartPath}/discount` && method === 'PUT') {
    const { code } = body as { code: string }
    // The refusals as the server sends them: a code, an English message, and for a minimum its amount.
    if (code.toUpperCase() === 'MINIMO50') {
      return json({ error_code: 'discount_minimum', message: "The subtotal is under this code's minimum.", minimum_cents: 5000 }, 422)
    }
    if (code.toUpperCase() === 'VERANO') return json({ error_code: 'discount_expired', message: 'This discount code has expired.' }, 422)
    if (code.toUpperCase() !== 'HOLA10') return json({ error_code: 'discount_not_found', message: 'No such discount code.' }, 422)
    server.cart = { ...server.cart, discount: { code: 'HOLA10', amount_cents: 125 } }
    return json(server.cart)
  }
  if (pathname === '/api/v1/store/shipping') {
    const country = searchParams.get('country')
    if (country === 'JM') return json({ methods: [], free_over_cents: 10000 })
    return json({
      methods: [
        { id: 'standard', name: 'Estándar', days_min: 5, days_max: 8, price_cents: 500 },
        { id: 'express', name: 'Exprés', days_min: 2, days_max: 2, price_cents: 1500 },
      ],
      free_over_cents: 10000,
    })
  }
  if (pathname === '/api/v1/store/quote') {
    const quote = body as QuoteRequest
    const discount = server.cart.discount?.amount_cents ?? 0
    const shipping = quote.shipping_method === 'express' ? 1500 : quote.shipping_method ? 500 : 0
    return json({
      subtotal_cents: server.cart.subtotal_cents,
      discount_cents: discount,
      shipping_cents: shipping,
      total_cents: server.cart.subtotal_cents - discount + shipping,
      currency: 'USD',
      taxes_included: true,
    })
  }
  if (pathname === '/api/v1/store/orders' && method === 'POST') {
    const key = headers.get('Idempotency-Key') ?? ''
    const known = server.placed.get(key)
    // A retry with the same key and body: 200, the same order and its token.
    if (known) return json({ ...known, access_token: ORDER_TOKEN }, 200)
    if (server.failNextOrder) {
      const { status, body: answer } = server.failNextOrder
      server.failNextOrder = null
      return json(answer, status)
    }
    const request = body as OrderRequest
    server.order = orderOf(server.cart.lines, {
      email: request.email,
      shipping: request.shipping ? stored(request.shipping) : null,
      shipping_method: request.shipping_method ? { id: request.shipping_method, name: 'Estándar' } : null,
    })
    server.placed.set(key, server.order)
    return json({ ...server.order, access_token: ORDER_TOKEN }, 201)
  }
  if (pathname.startsWith(orderPath)) {
    if (headers.get('X-Order-Token') !== ORDER_TOKEN || !server.order) return json({ error_code: 'order_not_found', message: 'No such order.' }, 404)
    if (pathname === orderPath && method === 'GET') return json(server.order)
    if (pathname === `${orderPath}/payment` && method === 'POST') {
      const card = body as Record<string, string>
      if (server.failNextPayment) {
        const { status, body: answer } = server.failNextPayment
        server.failNextPayment = null
        return json(answer, status)
      }
      if (card.card_number === '4000000000000002') return json({ error_code: 'card_declined', message: 'The card was declined.' }, 402)
      const digital = server.order.lines.some((line) => line.kind === 'digital')
      server.order = {
        ...server.order,
        status: 'paid',
        reserved_until: null,
        payment: { ...server.order.payment!, status: 'succeeded', card_brand: 'visa', card_last4: card.card_number!.slice(-4) },
        downloads: digital ? [downloadOf()] : [],
      }
      return json(server.order)
    }
  }
  return json({ error_code: 'not_found', message: 'Not found.' }, 404)
}

function CurrentUrl() {
  const { pathname, search } = useLocation()
  return <output data-testid="url">{pathname + search}</output>
}

async function renderAt(url: string, auth: AuthState = SIGNED_OUT) {
  await act(async () => {
    render(
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/es/store/checkout" element={<CheckoutPage />} />
              <Route path="/es/store/orders/:id" element={<OrderPage />} />
              <Route path="/es/store" element={<h1>Tienda</h1>} />
            </Routes>
            <CurrentUrl />
          </Suspense>
        </MemoryRouter>
      </AuthContext>,
    )
  })
}

const url = () => screen.getByTestId('url').textContent
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const calls = (method: string, path: string) => server.calls.filter((call) => call.method === method && call.path === `/api/v1/store${path}`)
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')

async function payWith(number: string) {
  type('Número de tarjeta', number)
  type('Fecha de vencimiento', '12/34')
  type('Código de seguridad', '123')
  type('Nombre en la tarjeta', 'Ana Ruiz')
  fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }))
}

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(fakeApi)
  await switchLanguage('es', ['checkout', 'consultations', 'errors'])
})

beforeEach(() => {
  server = { cart: cartOf([GUIDE]), order: null, calls: [], placed: new Map(), failNextOrder: null, failNextPayment: null }
  window.sessionStorage.clear()
  window.localStorage.clear()
  window.localStorage.setItem(CART_TOKEN_KEY, CART_TOKEN)
  window.localStorage.setItem(CART_COUNT_KEY, '1')
  vi.mocked(track).mockClear()
})

afterEach(cleanup)

describe('the checkout in Spanish', { timeout: 30_000 }, () => {
  it('places a digital order, then a declined card, then another card, and opens the order', async () => {
    const cartEvents = vi.fn<() => void>()
    window.addEventListener(CART_EVENT, cartEvents)
    await renderAt('/es/store/checkout')
    expect(await screen.findByRole('heading', { level: 2, name: 'Resumen del pedido' })).toBeTruthy()
    expect(calls('GET', `/carts/${CART_TOKEN}`)[0]!.query.get('lang')).toBe('es')
    // Downloads only: no address, no shipping method.
    expect(screen.queryByLabelText('País')).toBeNull()
    expect(screen.queryByText('Método de envío')).toBeNull()
    expect(screen.getByText('Los precios incluyen impuestos.')).toBeTruthy()
    expect(await screen.findAllByText(/USD\s12[.,]50/, { selector: 'dd' })).toHaveLength(2)
    expect(track).toHaveBeenCalledWith({
      name: 'begin_checkout',
      currency: 'USD',
      value: 12.5,
      items: [{ item_id: 'guia-lisboa-pdf', item_name: 'Guía de Lisboa', item_variant: 'PDF', price: 12.5, quantity: 1 }],
      coupon: undefined,
    })

    // A malformed address: the message is beside the field, in Spanish, and the field has the focus.
    type('Correo electrónico', 'ana@')
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    const email = screen.getByLabelText('Correo electrónico')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(described(email)).toContain('Por favor ingresa un correo electrónico válido.')
    await waitFor(() => expect(document.activeElement).toBe(email))
    expect(screen.getByText('Por favor corrige los campos marcados.')).toBeTruthy()
    expect(calls('POST', '/orders')).toEqual([])

    // The server fails once: the retry sends the same Idempotency-Key.
    type('Correo electrónico', 'ana@example.com')
    expect(email.getAttribute('aria-invalid')).toBeNull()
    server.failNextOrder = { status: 503, body: { error_code: 'internal_error', message: 'Something went wrong.' } }
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(await screen.findByText('Algo salió mal de nuestro lado. Inténtalo de nuevo.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    const payment = await screen.findByRole('heading', { level: 2, name: 'Pago' })
    const [first, second] = calls('POST', '/orders')
    expect(first!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'))
    expect(second!.body).toEqual({ cart_token: CART_TOKEN, email: 'ana@example.com', language: 'es' })
    await waitFor(() => expect(document.activeElement).toBe(payment))
    expect(screen.getByText('El pedido R-2026-000123 está hecho. Paga ahora para confirmarlo.')).toBeTruthy()
    expect(screen.getByRole('timer')).toBeTruthy()
    expect(screen.getByText('Tus artículos están reservados durante')).toBeTruthy()
    // The reload comes back here: the order and its key are kept for this tab.
    expect(pendingOrder()).toEqual({ id: ORDER_ID, token: ORDER_TOKEN })

    // The sandbox says it is test mode; a decline keeps the reservation for another card.
    const card = screen.getByRole('group', { name: 'Datos de la tarjeta' })
    expect(within(card).getByText('Modo de prueba:')).toBeTruthy()
    await payWith('4000 0000 0000 0002')
    expect(await screen.findByText('Tu tarjeta fue rechazada. Por favor prueba con otra tarjeta.')).toBeTruthy()
    expect(screen.getByRole('timer')).toBeTruthy()
    const declined = calls('POST', `/orders/${ORDER_ID}/payment`)[0]!
    expect(declined.headers.get('X-Order-Token')).toBe(ORDER_TOKEN)
    expect(track).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'purchase' }))

    type('Número de tarjeta', '4242424242424242')
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }))
    expect(await screen.findByText('¡Gracias! Tu pedido está confirmado. Enviamos el recibo a ana@example.com.')).toBeTruthy()
    expect(url()).toBe(`/es/store/orders/${ORDER_ID}`)
    expect(screen.getByRole('heading', { level: 2, name: 'Pedido R-2026-000123' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Descargar Guía de Lisboa (español)' }).getAttribute('href')).toBe(signedLink('dl-1'))

    // The cart is gone from this browser, and the header hears it.
    expect(window.localStorage.getItem(CART_TOKEN_KEY)).toBeNull()
    expect(window.localStorage.getItem(CART_COUNT_KEY)).toBe('0')
    expect(cartEvents).toHaveBeenCalledTimes(1)
    expect(pendingOrder()).toBeNull()
    expect(vi.mocked(track).mock.calls.filter(([event]) => event.name === 'purchase')).toEqual([
      [{ name: 'purchase', transactionId: 'R-2026-000123', value: 12.5, currency: 'USD', shipping: 0, items: expect.any(Array) }],
    ])
    // No card data ever reaches storage.
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage })).not.toContain('4242')
    window.removeEventListener(CART_EVENT, cartEvents)
  })

  it('asks for an address and a shipping method only with physical goods, with each country’s rules', async () => {
    server.cart = cartOf([GUIDE, BAG])
    await renderAt('/es/store/checkout')
    expect(await screen.findByRole('heading', { level: 2, name: 'Dirección de envío' })).toBeTruthy()
    expect(screen.getByText('Elige el país arriba para ver cómo podemos enviar tu pedido.')).toBeTruthy()
    expect(await screen.findByText('Elige un método')).toBeTruthy()

    type('Correo electrónico', 'ana@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    for (const [label, message] of [
      ['País', 'Elige el país.'],
      ['Nombre completo', 'Escribe el nombre completo de quien recibe el pedido.'],
      ['Dirección', 'Escribe la calle y el número.'],
      ['Ciudad', 'Escribe la ciudad.'],
    ] as const) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('aria-invalid'), label).toBe('true')
      expect(described(input), label).toContain(message)
    }
    // The first field with a problem, in the order of the form, takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('País')))
    expect(screen.getByText('Elige un método de envío.')).toBeTruthy()

    // The United States: a state is required and the ZIP code has its format.
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'US' } })
    expect(screen.getByLabelText('Estado').getAttribute('aria-invalid')).toBe('true')
    type('Nombre completo', 'Ana Ruiz')
    type('Dirección', '350 5th Ave')
    type('Ciudad', 'New York')
    type('Código postal', '1000')
    expect(described(screen.getByLabelText('Código postal'))).toContain('Revisa el código postal. Tiene esta forma: 10001')
    type('Código postal', '10118-0110')
    type('Estado', 'NY')

    // The methods to that country, as a radio group; the first is chosen, and the quote follows the choice.
    const methods = await screen.findByRole('radiogroup', { name: 'Método de envío' })
    const radios = within(methods).getAllByRole('radio')
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Estándar5–8 días hábilesUSD\s5$/),
      expect.stringMatching(/^Exprés2 días hábilesUSD\s15$/),
    ])
    expect((radios[0] as HTMLInputElement).checked).toBe(true)
    expect(calls('GET', '/shipping').at(-1)!.query.get('subtotal_cents')).toBe('7250')
    fireEvent.click(radios[1]!)
    await waitFor(() => expect(calls('POST', '/quote').at(-1)!.body).toEqual({ cart_token: CART_TOKEN, country: 'US', shipping_method: 'express', lang: 'es' }))
    expect(await screen.findByText(/USD\s87[.,]50/, { selector: 'dd' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    await screen.findByRole('heading', { level: 2, name: 'Pago' })
    expect(calls('POST', '/orders')[0]!.body).toEqual({
      cart_token: CART_TOKEN,
      email: 'ana@example.com',
      language: 'es',
      shipping: { name: 'Ana Ruiz', line1: '350 5th Ave', city: 'New York', region: 'NY', postal_code: '10118-0110', country: 'US' },
      shipping_method: 'express',
    })
  })

  it('shows the server’s field problems beside the fields, in the page’s words, and its address problem above the button', async () => {
    server.cart = cartOf([BAG])
    await renderAt('/es/store/checkout')
    fireEvent.change(await screen.findByLabelText('País'), { target: { value: 'ES' } })
    type('Correo electrónico', 'ana@example.com')
    type('Nombre completo', 'Ana Ruiz')
    type('Dirección', 'Calle Mayor 1')
    type('Ciudad', 'Madrid')
    type('Código postal', '28013')
    type('Teléfono (opcional)', '+34 600 123 456')
    await screen.findByRole('radiogroup', { name: 'Método de envío' })

    // 400 validation_failed names the fields (`shipping.<field>`) with the server's codes.
    server.failNextOrder = {
      status: 400,
      body: {
        error_code: 'validation_failed',
        message: 'Some fields are not valid.',
        fields: { 'shipping.line1': 'too_long', 'shipping.postal_code': 'invalid_postal_code', 'shipping.phone': 'invalid_phone', 'shipping.city': 'required' },
      },
    }
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(await screen.findByText('Por favor corrige los campos marcados.')).toBeTruthy()
    for (const [label, message] of [
      ['Dirección', 'Es demasiado largo. Acórtalo, por favor.'],
      ['Ciudad', 'Escribe la ciudad.'],
      ['Código postal', 'Revisa el código postal. Tiene esta forma: 28013'],
      ['Teléfono (opcional)', 'Escribe un teléfono de 6 a 15 dígitos, o déjalo vacío.'],
    ] as const) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('aria-invalid'), label).toBe('true')
      expect(described(input), label).toContain(message)
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Dirección')))

    // `shipping: required` (the cart gained physical goods meanwhile) is said for the whole form.
    server.failNextOrder = { status: 400, body: { error_code: 'validation_failed', message: 'Some fields are not valid.', fields: { shipping: 'required' } } }
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(await screen.findByText('Algunos artículos de tu carrito se envían por correo. Escribe la dirección de envío.')).toBeTruthy()
    // Each refusal (4xx) ended its attempt: every try had a key of its own.
    const keys = calls('POST', '/orders').map((call) => call.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
    expect(calls('POST', '/orders')[0]!.body).toMatchObject({
      shipping: { name: 'Ana Ruiz', line1: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', country: 'ES', phone: '+34 600 123 456' },
      shipping_method: 'standard',
    })
  })

  it('gets the same order back when the answer to placing it was lost', async () => {
    await renderAt('/es/store/checkout')
    await screen.findByLabelText('Correo electrónico')
    type('Correo electrónico', 'ana@example.com')
    // The order is placed, but its answer never arrives.
    const original = globalThis.fetch
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/api/v1/store/orders') && init?.method === 'POST') {
        await original(input, init)
        throw new TypeError('Failed to fetch')
      }
      return original(input, init)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(await screen.findByText(/No pudimos conectar con/)).toBeTruthy()
    vi.stubGlobal('fetch', original)
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Pago' })).toBeTruthy()
    const [lost, retried] = calls('POST', '/orders')
    expect(retried!.headers.get('Idempotency-Key')).toBe(lost!.headers.get('Idempotency-Key'))
    // The retry's 200 carries the order's private key as the first answer would have.
    expect(pendingOrder()).toEqual({ id: ORDER_ID, token: ORDER_TOKEN })
    expect(server.placed.size).toBe(1)
  })

  it('ends the payment when the server says the reservation ran out', async () => {
    server.order = orderOf([GUIDE])
    rememberPendingOrder({ id: ORDER_ID, token: ORDER_TOKEN })
    await renderAt('/es/store/checkout')
    await screen.findByRole('heading', { level: 2, name: 'Pago' })
    server.failNextPayment = {
      status: 409,
      body: { error_code: 'reservation_expired', message: 'The items were held while you paid and have been released; order again.' },
    }
    await payWith('4242 4242 4242 4242')
    expect(await screen.findByText(/Tu reserva terminó y los artículos se liberaron/, { selector: '[role="alert"]' })).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Datos de la tarjeta' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Volver a la compra' })).toBeTruthy()
  })

  it('needs no postal code where there is none, and says when nothing ships there', async () => {
    server.cart = cartOf([BAG])
    await renderAt('/es/store/checkout')
    fireEvent.change(await screen.findByLabelText('País'), { target: { value: 'ES' } })
    expect(screen.getByLabelText('Código postal')).toBeTruthy()
    expect(screen.getByText('Por ejemplo: 28013')).toBeTruthy()
    expect(screen.getByLabelText('Región o estado (opcional)').getAttribute('aria-required')).toBeNull()
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'JM' } })
    expect(screen.queryByLabelText(/Código postal/)).toBeNull()
    expect(await screen.findByText(/Todavía no enviamos a este país/)).toBeTruthy()
  })

  it('shows what changed in the cart and places the order only once the changes are accepted', async () => {
    server.cart = cartOf([{ ...GUIDE, unit_price_cents: 1500, line_total_cents: 1500, price_changed: true }])
    await renderAt('/es/store/checkout')
    const changes = await screen.findByRole('region', { name: 'Tu carrito cambió' })
    expect(within(changes).getByText(/Guía de Lisboa \(PDF\): ahora cuesta USD\s15 \(costaba USD\s12[.,]50\)\./)).toBeTruthy()
    type('Correo electrónico', 'ana@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    expect(screen.getByText('Revisa los cambios de tu carrito y acéptalos antes de hacer el pedido.')).toBeTruthy()
    expect(calls('POST', '/orders')).toEqual([])
    fireEvent.click(within(changes).getByRole('button', { name: 'Aceptar los cambios' }))
    expect(await screen.findByText('Tu carrito está al día.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Tu carrito cambió' })).toBeNull()
    expect(calls('POST', `/carts/${CART_TOKEN}/accept`)).toHaveLength(1)

    // The server finds another change at the last moment (409 cart_changed with the cart).
    const soldOut = cartOf([{ ...cleared(server.cart).lines[0]!, problem: 'quantity_reduced', quantity: 1 }])
    server.cart = soldOut
    server.failNextOrder = {
      status: 409,
      body: { error_code: 'cart_changed', message: 'Prices or stock changed since these items were added: review the cart.', cart: soldOut },
    }
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    const again = await screen.findByRole('region', { name: 'Tu carrito cambió' })
    expect(within(again).getByText(/no quedan suficientes, así que la cantidad ahora es 1/)).toBeTruthy()
    expect(screen.getByText('Tu carrito cambió mientras finalizabas la compra. Revisa los cambios y acéptalos.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('heading', { level: 2 })))
    fireEvent.click(within(again).getByRole('button', { name: 'Aceptar los cambios' }))
    await screen.findByText('Tu carrito está al día.')
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    await screen.findByRole('heading', { level: 2, name: 'Pago' })
    // Another cart is another attempt: a new key.
    const [refused, placed] = calls('POST', '/orders')
    expect(placed!.headers.get('Idempotency-Key')).not.toBe(refused!.headers.get('Idempotency-Key'))
  })

  it('applies a discount code, and says in Spanish why a refused one does not apply', async () => {
    await renderAt('/es/store/checkout')
    await screen.findByLabelText('Código de descuento')
    type('Código de descuento', 'HOLA')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Ese código de descuento no existe.')).toBeTruthy()
    expect(screen.getByLabelText('Código de descuento').getAttribute('aria-invalid')).toBe('true')
    expect(calls('PUT', `/carts/${CART_TOKEN}/discount`)[0]!.query.get('lang')).toBe('es')
    expect(calls('PUT', `/carts/${CART_TOKEN}/discount`)[0]!.body).toEqual({ code: 'HOLA' })
    type('Código de descuento', 'verano')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Ese código de descuento ha caducado.')).toBeTruthy()
    // The minimum the code needs, from the refusal's `minimum_cents`, in the page's money format.
    type('Código de descuento', 'minimo50')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText(/^Tu subtotal no alcanza el mínimo de USD\s50 de este código\.$/)).toBeTruthy()
    type('Código de descuento', 'hola10')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Código HOLA10 aplicado.')).toBeTruthy()
    expect(await screen.findByText('Descuento (HOLA10)')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Quitar el código HOLA10' })).toBeTruthy()
  })

  it('says the cart is empty, with the way back to the store', async () => {
    window.localStorage.removeItem(CART_TOKEN_KEY)
    await renderAt('/es/store/checkout')
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu carrito está vacío' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver la tienda' }).getAttribute('href')).toBe('/es/store')
    expect(server.calls).toEqual([])
  })

  it('uses the signed-in user’s cart and e-mail', async () => {
    const auth = {
      user: { id: 'u1', email: 'ana@example.com' },
      session: { access_token: 'jwt-ana', user: { id: 'u1', email: 'ana@example.com' } },
      loading: false,
    } as unknown as AuthState
    await renderAt('/es/store/checkout', auth)
    const email = (await screen.findByLabelText('Correo electrónico')) as HTMLInputElement
    expect(email.value).toBe('ana@example.com')
    expect(email.readOnly).toBe(true)
    expect(calls('GET', '/cart')[0]!.headers.get('Authorization')).toBe('Bearer jwt-ana')
    fireEvent.click(screen.getByRole('button', { name: 'Hacer el pedido' }))
    await screen.findByRole('heading', { level: 2, name: 'Pago' })
    expect(calls('POST', '/orders')[0]!.headers.get('Authorization')).toBe('Bearer jwt-ana')
  })

  it('comes back to the payment after a reload', async () => {
    server.order = orderOf([GUIDE])
    rememberPendingOrder({ id: ORDER_ID, token: ORDER_TOKEN })
    await renderAt('/es/store/checkout')
    expect(await screen.findByRole('heading', { level: 2, name: 'Pago' })).toBeTruthy()
    expect(calls('GET', `/orders/${ORDER_ID}`)[0]!.headers.get('X-Order-Token')).toBe(ORDER_TOKEN)
    expect(calls('GET', `/carts/${CART_TOKEN}`)).toEqual([])
  })

  it('ends the payment when the reservation has ended, and goes back to the cart', async () => {
    server.order = orderOf([GUIDE], { reserved_until: new Date(Date.now() - 1000).toISOString() })
    rememberPendingOrder({ id: ORDER_ID, token: ORDER_TOKEN })
    await renderAt('/es/store/checkout')
    expect(await screen.findByText(/Tu reserva terminó y los artículos se liberaron/)).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Datos de la tarjeta' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la compra' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Resumen del pedido' })).toBeTruthy()
    expect(pendingOrder()).toBeNull()
  })
})
