import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { AuthContext, type AuthState } from '../../auth/auth-context'
import { orderTokenFor } from '../checkout/order-store'
import { BAG, downloadOf, GUIDE, ORDER_ID, ORDER_TOKEN, orderOf, signedLink } from '../checkout/test-fixtures'
import type { Order } from '../types'
import OrderPage from './OrderPage'

let order: Order
let calls: { method: string; path: string; token: string | null; auth: string | null }[]
/** What a download's signed link answers next: the PDF, or the server's refusal. */
let fileAnswer: () => Response

const pdf = () =>
  new Response('%PDF-1.7', {
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="guia-lisboa-es.pdf"' },
  })

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname } = new URL(url, 'http://localhost')
  const method = init?.method ?? 'GET'
  const headers = new Headers(init?.headers)
  const token = headers.get('X-Order-Token')
  const auth = headers.get('Authorization')
  calls.push({ method, path: pathname, token, auth })
  // The signed link itself needs no credentials: its signature is the key.
  if (pathname.startsWith('/api/v1/store/downloads/') && method === 'GET') return fileAnswer()
  const base = `/api/v1/store/orders/${ORDER_ID}`
  if (!pathname.startsWith(base)) return json({ error_code: 'not_found', message: 'Not found.' }, 404)
  if (token !== ORDER_TOKEN && auth !== 'Bearer jwt-ana') return json({ error_code: 'order_not_found', message: 'No such order.' }, 404)
  if (pathname === base && method === 'GET') return json(order)
  const reissue = new RegExp(`^${base}/downloads/([\\w-]+)/reissue$`).exec(pathname)
  if (reissue && method === 'POST') {
    const known = order.downloads.find((download) => download.id === reissue[1])
    if (!known) return json({ error_code: 'order_not_found', message: 'No such order.' }, 404)
    return json({ ...known, url: signedLink(known.id, 2), expires_at: new Date(Date.now() + 86_400_000).toISOString(), downloads_left: 5 })
  }
  return json({ error_code: 'not_found', message: 'Not found.' }, 404)
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
  fileAnswer = pdf
  window.sessionStorage.clear()
  order = orderOf([GUIDE, BAG], {
    status: 'fulfilled',
    reserved_until: null,
    payment: { provider: 'sandbox', status: 'succeeded', client_secret: null, publishable_key: null, card_brand: 'visa', card_last4: '4242' },
    shipping: { name: 'Ana Ruiz', line1: 'Calle Mayor 1', line2: '', city: 'Madrid', region: '', postal_code: '28013', country: 'ES', phone: '' },
    shipping_method: { id: 'standard', name: 'Estándar' },
    tracking: { carrier: 'Correos', number: 'PK123456789ES' },
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
  })

  it('offers each paid download, and a new link for an expired one', async () => {
    await renderAt(`/es/store/orders/${ORDER_ID}?token=${ORDER_TOKEN}`)
    const downloads = await screen.findByRole('region', { name: 'Tus descargas' })
    const spanish = within(downloads).getByRole('link', { name: 'Descargar Guía de Lisboa (español)' })
    expect(spanish.getAttribute('href')).toBe(signedLink('dl-1'))
    expect(spanish.closest('li')!.textContent).toMatch(/Idioma: español · Enlace válido hasta el .+2026.+ · Quedan 5 descargas/)
    // The expired link is not offered; a new one is.
    expect(within(downloads).queryByRole('link', { name: /Lisbon guide/ })).toBeNull()
    expect(within(downloads).getByText(/Este enlace venció\./)).toBeTruthy()
    fireEvent.click(within(downloads).getByRole('button', { name: 'Pedir un enlace nuevo para Lisbon guide (inglés)' }))
    expect(await screen.findByText('Ya está listo un enlace nuevo para Lisbon guide.')).toBeTruthy()
    const reissue = calls.find((call) => call.method === 'POST')!
    expect(reissue).toMatchObject({ path: `/api/v1/store/orders/${ORDER_ID}/downloads/dl-2/reissue`, token: ORDER_TOKEN })
    // The new link replaces the old one at once.
    expect(within(downloads).getByRole('link', { name: 'Descargar Lisbon guide (inglés)' }).getAttribute('href')).toBe(signedLink('dl-2', 2))
  })

  it('saves a file through its signed link, and says why a spent link gives none', async () => {
    const saved = vi.fn<(blob: Blob) => string>(() => 'blob:guide')
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { createObjectURL, revokeObjectURL } = URL
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: () => undefined })
    await renderAt(`/es/store/orders/${ORDER_ID}?token=${ORDER_TOKEN}`)
    const downloads = await screen.findByRole('region', { name: 'Tus descargas' })
    const link = within(downloads).getByRole('link', { name: 'Descargar Guía de Lisboa (español)' })

    fireEvent.click(link)
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(await saved.mock.calls[0]![0].text()).toBe('%PDF-1.7')
    expect(clicked.mock.contexts.at(-1)).toMatchObject({ href: 'blob:guide', download: 'guia-lisboa-es.pdf' })
    // One download less: the order is read again.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === `/api/v1/store/orders/${ORDER_ID}`)).toHaveLength(2))

    for (const [code, words] of [
      ['download_used_up', 'Este enlace de descarga se usó demasiadas veces. Pide uno nuevo desde tu pedido.'],
      ['download_expired', 'Este enlace de descarga ha caducado. Pide uno nuevo desde tu pedido.'],
    ] as const) {
      fileAnswer = () => json({ error_code: code, message: 'This download link cannot be used.' }, 410)
      fireEvent.click(link)
      expect((await within(downloads).findByRole('alert')).textContent).toBe(words)
    }
    fileAnswer = () => json({ error_code: 'not_found', message: 'No such download.' }, 404)
    fireEvent.click(link)
    await waitFor(() => expect(within(downloads).getByRole('alert').textContent).toBe('Este enlace de descarga no es válido. Pide uno nuevo.'))
    expect(saved).toHaveBeenCalledTimes(1)
    clicked.mockRestore()
    Object.assign(URL, { createObjectURL, revokeObjectURL })
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
