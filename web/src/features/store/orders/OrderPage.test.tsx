import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { AuthContext, type AuthState } from '../../auth/auth-context'
import { orderTokenFor } from '../checkout/order-store'
import { BAG, downloadOf, GUIDE, ORDER_ID, ORDER_TOKEN, orderOf } from '../checkout/test-fixtures'
import type { Order } from '../checkout/types'
import OrderPage from './OrderPage'

let order: Order
let calls: { method: string; path: string; token: string | null; auth: string | null }[]

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname } = new URL(url, 'http://localhost')
  const method = init?.method ?? 'GET'
  const headers = new Headers(init?.headers)
  const token = headers.get('X-Order-Token')
  const auth = headers.get('Authorization')
  calls.push({ method, path: pathname, token, auth })
  const base = `/api/v1/store/orders/${ORDER_ID}`
  if (!pathname.startsWith(base)) return json({ error_code: 'not_found' }, 404)
  if (token !== ORDER_TOKEN && auth !== 'Bearer jwt-ana') return json({ error_code: 'not_found', message: 'Not found' }, 404)
  if (pathname === base && method === 'GET') return json(order)
  const reissue = new RegExp(`^${base}/downloads/([\\w-]+)/reissue$`).exec(pathname)
  if (reissue && method === 'POST') {
    const known = order.downloads.find((download) => download.id === reissue[1])
    if (!known) return json({ error_code: 'not_found' }, 404)
    return json({ ...known, url: '/api/v1/store/downloads/signed-2', expires_at: new Date(Date.now() + 86_400_000).toISOString() })
  }
  return json({ error_code: 'not_found' }, 404)
}

function CurrentUrl() {
  const { pathname, search } = useLocation()
  return <output data-testid="url">{pathname + search}</output>
}

const SIGNED_OUT: AuthState = { user: null, session: null, loading: false }

async function renderAt(url: string, auth: AuthState = SIGNED_OUT) {
  await act(async () => {
    render(
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/es/store/orders/:id" element={<OrderPage />} />
              <Route path="/pt/store/orders/:id" element={<OrderPage />} />
            </Routes>
            <CurrentUrl />
          </Suspense>
        </MemoryRouter>
      </AuthContext>,
    )
  })
}

const url = () => screen.getByTestId('url').textContent

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(fakeApi)
  await switchLanguage('es', ['checkout', 'errors'])
})

afterAll(async () => {
  await switchLanguage('en', ['checkout', 'errors'])
})

beforeEach(() => {
  calls = []
  window.sessionStorage.clear()
  order = orderOf([GUIDE, BAG], {
    status: 'fulfilled',
    reserved_until: null,
    payment: { provider: 'sandbox', status: 'succeeded', client_secret: null, publishable_key: null, card_brand: 'visa', card_last4: '4242' },
    shipping: { name: 'Ana Ruiz', line1: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', country: 'ES' },
    shipping_method: { id: 'standard', name: 'Estándar' },
    tracking: { carrier: 'Correos', number: 'PK123456789ES', url: 'https://correos.example/track/PK123456789ES' },
    downloads: [
      downloadOf(),
      downloadOf({ id: 'dl-2', name: 'Lisbon guide', language: 'en', expires_at: new Date(Date.now() - 60_000).toISOString() }),
    ],
  })
})

afterEach(cleanup)

describe('an order’s private page', { timeout: 20_000 }, () => {
  it('moves the link’s token from the address to the X-Order-Token header, and shows the order', async () => {
    await renderAt(`/es/store/orders/${ORDER_ID}?token=${ORDER_TOKEN}&utm_source=mail`)
    expect(await screen.findByRole('heading', { level: 2, name: 'Pedido R-2026-000123' })).toBeTruthy()
    // The token is gone from the address (and so from the history), the rest stays.
    expect(url()).toBe(`/es/store/orders/${ORDER_ID}?utm_source=mail`)
    expect(calls.every((call) => !call.path.includes(ORDER_TOKEN))).toBe(true)
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/api/v1/store/orders/${ORDER_ID}`, token: ORDER_TOKEN })
    expect(orderTokenFor(ORDER_ID)).toBe(ORDER_TOKEN)

    expect(screen.getByText('Estado:', { exact: false }).parentElement!.textContent).toBe('Estado: Completado')
    expect(screen.getByText('Hecho el 14 de marzo de 2026')).toBeTruthy()
    expect(screen.getByText('Modo de prueba:').parentElement!.textContent).toMatch(/no se cobró ningún pago real por este pedido/)
    expect(screen.getByText('Pagado con Visa terminada en 4242')).toBeTruthy()
    const items = screen.getByRole('heading', { level: 3, name: 'Artículos' }).parentElement!
    expect(within(items).getByText('Bolso de viaje')).toBeTruthy()
    expect(within(items).getByText(/USD\s77[.,]50/)).toBeTruthy()
    expect(screen.getByText('Calle Mayor 1')).toBeTruthy()
    expect(screen.getByText('Estándar')).toBeTruthy()
    expect(screen.getByText('Correos, número de seguimiento PK123456789ES')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Seguir tu paquete' }).getAttribute('href')).toBe('https://correos.example/track/PK123456789ES')
  })

  it('offers each paid download, and a new link for an expired one', async () => {
    await renderAt(`/es/store/orders/${ORDER_ID}?token=${ORDER_TOKEN}`)
    const downloads = await screen.findByRole('region', { name: 'Tus descargas' })
    const spanish = within(downloads).getByRole('link', { name: 'Descargar Guía de Lisboa (español)' })
    expect(spanish.getAttribute('href')).toBe('/api/v1/store/downloads/signed-1')
    expect(spanish.closest('li')!.textContent).toMatch(/Idioma: español · Enlace válido hasta el .+2026.+ · Quedan 5 descargas/)
    // The expired link is not offered; a new one is.
    expect(within(downloads).queryByRole('link', { name: /Lisbon guide/ })).toBeNull()
    expect(within(downloads).getByText(/Este enlace venció\./)).toBeTruthy()
    fireEvent.click(within(downloads).getByRole('button', { name: 'Pedir un enlace nuevo para Lisbon guide (inglés)' }))
    expect(await screen.findByText('Ya está listo un enlace nuevo para Lisbon guide.')).toBeTruthy()
    const reissue = calls.find((call) => call.method === 'POST')!
    expect(reissue).toMatchObject({ path: `/api/v1/store/orders/${ORDER_ID}/downloads/dl-2/reissue`, token: ORDER_TOKEN })
    // The new link replaces the old one at once.
    expect(within(downloads).getByRole('link', { name: 'Descargar Lisbon guide (inglés)' }).getAttribute('href')).toBe(
      '/api/v1/store/downloads/signed-2',
    )
  })

  it('says clearly when the link is wrong, or missing', async () => {
    await renderAt(`/es/store/orders/${ORDER_ID}?token=wrong`)
    expect(await screen.findByText('No encontramos este pedido. Revisa el enlace de tu correo con el recibo.')).toBeTruthy()
    expect(url()).toBe(`/es/store/orders/${ORDER_ID}`)
    cleanup()
    window.sessionStorage.clear()
    await renderAt(`/es/store/orders/${ORDER_ID}`)
    expect(await screen.findByText(/Esta página necesita el enlace privado de tu correo con el recibo/)).toBeTruthy()
    expect(calls.filter((call) => call.token === null && call.auth === null)).toEqual([])
  })

  it('is the signed-in owner’s without a token', async () => {
    const auth = { user: { id: 'u1' }, session: { access_token: 'jwt-ana' }, loading: false } as unknown as AuthState
    await renderAt(`/es/store/orders/${ORDER_ID}`, auth)
    expect(await screen.findByRole('heading', { level: 2, name: 'Pedido R-2026-000123' })).toBeTruthy()
    expect(calls[0]).toMatchObject({ token: null, auth: 'Bearer jwt-ana' })
    expect(screen.getByRole('link', { name: 'Tus pedidos' }).getAttribute('href')).toBe('/es/account')
  })
})
