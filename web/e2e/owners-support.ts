import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { waitForMail } from './mailbox'
import type { Lang } from './support'

// What the owners' console spec seeds through the public APIs, as a visitor would: a paid store
// order with goods to ship (cart → order → the sandbox's test card) and confirmed newsletter
// subscribers (the subscription, then the token of the mailed link).

/** A physical product of the seeded catalogue (store.spec.ts buys it too). */
const LUGGAGE_SCALE = 'digital-luggage-scale'

export interface PaidOrder {
  id: string
  number: string
  /** The luggage scales' line as the order keeps it (names in the order's language). */
  line: { name: string; variantName: string; unitCents: number }
}

/** The answer's JSON, once its status is the one expected (else the failure says what came instead). */
async function json<T>(answer: Promise<APIResponse>, expected: number): Promise<T> {
  const response = await answer
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(expected)
  return (await response.json()) as T
}

/** A guest's paid order of `quantity` luggage scales, shipped to Lisbon by the first method offered. */
export async function payForLuggageScales(request: APIRequestContext, email: string, quantity: number, lang: Lang = 'pt'): Promise<PaidOrder> {
  const product = await json<{ variants: { sku: string }[] }>(request.get(`/api/v1/store/products/${LUGGAGE_SCALE}?lang=${lang}`), 200)
  const sku = product.variants[0]!.sku
  const cart = await json<{ token: string }>(request.post(`/api/v1/store/carts?lang=${lang}`), 201)
  const filled = await json<{ subtotal_cents: number }>(request.put(`/api/v1/store/carts/${cart.token}/lines?lang=${lang}`, { data: { sku, quantity } }), 200)
  const offered = await json<{ methods: { id: string }[] }>(
    request.get(`/api/v1/store/shipping?country=PT&subtotal_cents=${filled.subtotal_cents}&lang=${lang}`),
    200,
  )
  const order = await json<{ id: string; number: string; access_token: string }>(
    request.post('/api/v1/store/orders', {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: {
        cart_token: cart.token,
        email,
        language: lang,
        shipping: { name: 'Joana Silva', line1: 'Rua da Graça 12', city: 'Lisboa', postal_code: '1100-053', country: 'PT' },
        shipping_method: offered.methods[0]!.id,
      },
    }),
    201,
  )
  const paid = await json<{ status: string; lines: { sku: string; name: string; variant_name: string; unit_price_cents: number }[] }>(
    request.post(`/api/v1/store/orders/${order.id}/payment`, {
      headers: { 'X-Order-Token': order.access_token },
      data: { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', cardholder_name: 'Joana Silva' },
    }),
    200,
  )
  expect(paid.status).toBe('paid')
  const line = paid.lines.find((bought) => bought.sku === sku)!
  return { id: order.id, number: order.number, line: { name: line.name, variantName: line.variant_name, unitCents: line.unit_price_cents } }
}

/** `email` subscribed in `lang` and confirmed through the token of the mailed link. */
export async function confirmedSubscriber(request: APIRequestContext, email: string, lang: Lang): Promise<void> {
  await json(request.post('/api/v1/newsletter/subscriptions', { data: { email, language: lang, source: 'footer' } }), 202)
  const mail = await waitForMail(request, email, 'newsletter_confirm')
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1]
  if (!token) throw new Error(`no confirmation link in "${mail.subject}"`)
  await json(request.post('/api/v1/newsletter/confirm', { data: { token } }), 200)
}
