import { act, cleanup, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { json } from '../../../test/content-fixtures'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { downloadOf, GUIDE, BAG, ORDER_ID, orderOf, signedLink } from '../checkout/test-fixtures'
import type { Order } from '../types'
import { MyOrders } from './MyOrders'

let orders: Order[] | null
let authorization: (string | null)[]

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const { pathname } = new URL(url, 'http://localhost')
  authorization.push(new Headers(init?.headers).get('Authorization'))
  if (pathname === '/api/v1/store/orders') return orders ? json({ items: orders }) : json({ error_code: 'internal_error', message: 'Internal error.' }, 500)
  return json({ error_code: 'not_found', message: 'Not found.' }, 404)
}

async function renderList() {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/pt/account']}>
        <Suspense fallback={null}>
          <MyOrders accessToken="jwt-ana" />
        </Suspense>
      </MemoryRouter>,
    )
  })
}

beforeAll(async () => {
  serveLocales(fakeApi)
  await switchLanguage('pt', ['checkout', 'errors'])
})

afterAll(async () => {
  await switchLanguage('en', ['checkout', 'errors'])
})

beforeEach(() => {
  authorization = []
})

afterEach(cleanup)

describe('My orders on the account page', { timeout: 20_000 }, () => {
  it('lists the signed-in user’s orders, newest first, with the downloads of the paid digital ones', async () => {
    orders = [
      orderOf([GUIDE], {
        status: 'paid',
        created_at: '2026-04-02T15:00:00Z',
        reserved_until: null,
        downloads: [downloadOf({ name: 'Guia de Lisboa', language: 'pt' })],
      }),
      orderOf([BAG], { id: 'older-order', number: 'R-2026-000099', status: 'fulfilled', created_at: '2026-01-20T09:00:00Z' }),
    ]
    await renderList()
    const list = (await screen.findAllByRole('list'))[0]!
    const [newest, older] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list)
    expect(within(newest!).getByRole('heading', { level: 3 }).textContent).toBe('Pedido R-2026-000123')
    expect(newest!.textContent).toMatch(/2 de abril de 2026/)
    expect(newest!.textContent).toMatch(/US\$\s12,50/)
    expect(within(newest!).getByText('Pago')).toBeTruthy()
    expect(within(newest!).getByRole('link', { name: 'Ver o pedido R-2026-000123' }).getAttribute('href')).toBe(`/pt/store/orders/${ORDER_ID}`)
    expect(within(newest!).getByRole('link', { name: 'Baixar Guia de Lisboa (português)' }).getAttribute('href')).toBe(signedLink('dl-1'))
    expect(within(older!).getByText('Concluído')).toBeTruthy()
    expect(within(older!).getByRole('link', { name: 'Ver o pedido R-2026-000099' }).getAttribute('href')).toBe('/pt/store/orders/older-order')
    expect(within(older!).queryByRole('link', { name: /Baixar/ })).toBeNull()
    expect(authorization).toEqual(['Bearer jwt-ana'])
  })

  it('says when there are none, with the way to the store, and when they cannot load', async () => {
    orders = []
    await renderList()
    expect(await screen.findByText('Você ainda não comprou nada na loja.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Visitar a loja' }).getAttribute('href')).toBe('/pt/store')
    cleanup()
    orders = null
    await renderList()
    expect(await screen.findByText('Não conseguimos carregar seus pedidos.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy()
  })
})
