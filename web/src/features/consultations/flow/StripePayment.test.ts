import { afterEach, describe, expect, it } from 'vitest'
import { loadStripe } from './StripePayment'

const factory = () => ({})

afterEach(() => {
  delete (window as { Stripe?: unknown }).Stripe
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

describe('Stripe.js', () => {
  it('is added once, from js.stripe.com, and resolves with its factory', async () => {
    const first = loadStripe()
    const second = loadStripe()
    const scripts = document.head.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.src).toBe('https://js.stripe.com/v3/')
    ;(window as { Stripe?: unknown }).Stripe = factory
    scripts[0]!.dispatchEvent(new Event('load'))
    expect(await first).toBe(factory)
    expect(await second).toBe(factory)
    // Loaded: later calls use it without another script.
    expect(await loadStripe()).toBe(factory)
    expect(document.head.querySelectorAll('script')).toHaveLength(1)
  })
})
