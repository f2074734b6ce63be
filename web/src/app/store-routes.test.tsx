import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AuthProvider } from '../features/auth/AuthProvider'
import { initI18n } from '../i18n/setup'
import { parseRuntimeConfig } from '../lib/config'
import { ConfigProvider } from '../lib/config-context'
import { json } from '../test/content-fixtures'
import { serveLocales } from '../test/locales'
import { AppRoutes } from './router'

// The store's private pages in the route table: the checkout and an order's page in every
// language, out of search engines, and a malformed order id is not found.
async function renderAt(url: string) {
  await act(async () => {
    render(
      <ConfigProvider config={parseRuntimeConfig({}, 'http://localhost')}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Suspense fallback={null}>
              <AppRoutes />
            </Suspense>
          </MemoryRouter>
        </AuthProvider>
      </ConfigProvider>,
    )
  })
}

const robots = () => document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content ?? null

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(async () => json({ error_code: 'not_found', message: 'Not found' }, 404))
  await initI18n('en', 'Rumbo')
})

beforeEach(() => window.localStorage.clear())
afterEach(cleanup)

describe('the store’s private routes', { timeout: 20_000 }, () => {
  for (const [path, title, empty] of [
    ['/store/checkout', 'Checkout', 'Your cart is empty'],
    ['/es/store/checkout', 'Finalizar compra', 'Tu carrito está vacío'],
    ['/pt/store/checkout', 'Finalizar compra', 'Seu carrinho está vazio'],
  ] as const) {
    it(`${path}: the checkout, noindex`, async () => {
      await renderAt(path)
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
      expect(await screen.findByRole('heading', { level: 2, name: empty })).toBeTruthy()
      expect(robots()).toBe('noindex')
      cleanup()
      expect(robots()).toBeNull()
    })
  }

  it('an order’s page in each language; a malformed id is not found', async () => {
    for (const [path, message] of [
      ['/store/orders/5f0c2b7e', 'This page needs the private link from your receipt email.'],
      ['/es/store/orders/5f0c2b7e', 'Esta página necesita el enlace privado de tu correo con el recibo.'],
      ['/pt/store/orders/5f0c2b7e', 'Esta página precisa do link privado do seu e-mail com o recibo.'],
    ] as const) {
      await renderAt(path)
      expect(await screen.findByText(new RegExp(`^${message}`))).toBeTruthy()
      expect(robots()).toBe('noindex')
      cleanup()
    }
    await renderAt('/es/store/orders/not%20an%20id')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
  })
})
