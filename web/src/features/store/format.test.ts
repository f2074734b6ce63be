import { describe, expect, it } from 'vitest'
import { clampQuantity, formatPrice, isReduced, languageName, maxQuantity, MAX_QUANTITY, stockNote } from './format'

// Intl puts a narrow no-break space in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('prices', () => {
  it('are USD in the page language, with decimals only when there are cents', () => {
    expect(formatPrice(4900, 'en')).toBe('$49')
    expect(formatPrice(1250, 'en')).toBe('$12.50')
    expect(plain(formatPrice(4900, 'es'))).toBe('USD 49')
    expect(plain(formatPrice(1999, 'es'))).toBe('USD 19.99')
    expect(plain(formatPrice(123456, 'pt'))).toBe('US$ 1.234,56')
    expect(formatPrice(0, 'en')).toBe('$0')
  })

  it('are reduced only below a "compare at" price', () => {
    expect(isReduced(2900, 3900)).toBe(true)
    expect(isReduced(2900, 2900)).toBe(false)
    expect(isReduced(2900, null)).toBe(false)
    expect(isReduced(2900, undefined)).toBe(false)
  })
})

describe('stock', () => {
  it('says "only N left" when low, "sold out" when none, nothing otherwise', () => {
    expect(stockNote({ status: 'low_stock', left: 2 })).toEqual({ kind: 'low', left: 2 })
    expect(stockNote({ status: 'sold_out', left: null })).toEqual({ kind: 'soldOut' })
    expect(stockNote({ status: 'in_stock', left: null })).toBeNull()
    expect(stockNote({ status: 'low_stock', left: null })).toBeNull()
  })

  it('bounds the quantity: 1 to 10, fewer when few are left, none when sold out', () => {
    expect(MAX_QUANTITY).toBe(10)
    expect(maxQuantity({ status: 'in_stock', left: null })).toBe(10)
    expect(maxQuantity({ status: 'low_stock', left: 3 })).toBe(3)
    expect(maxQuantity({ status: 'low_stock', left: 25 })).toBe(10)
    expect(maxQuantity({ status: 'sold_out', left: null })).toBe(0)
    expect(clampQuantity(0, 3)).toBe(1)
    expect(clampQuantity(7, 3)).toBe(3)
    expect(clampQuantity(2.7, 10)).toBe(2)
    expect(clampQuantity(Number.NaN, 10)).toBe(1)
    expect(clampQuantity(4, 0)).toBe(1)
  })
})

describe('languages of a digital product', () => {
  it("names Rumbo's own languages in themselves and others in the page's language", () => {
    expect(languageName('es', 'en')).toBe('Español')
    expect(languageName('pt', 'es')).toBe('Português')
    expect(languageName('fr', 'en')).toBe('French')
    expect(languageName('fr', 'es')).toBe('francés')
  })
})
