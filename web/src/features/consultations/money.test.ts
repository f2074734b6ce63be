import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

const plain = (text: string) => text.replace(/\s/g, ' ')

describe('prices per language', () => {
  it('shows whole dollars without decimals, and cents when there are some', () => {
    expect(formatMoney(4900, 'USD', 'en')).toBe('$49')
    expect(plain(formatMoney(9900, 'usd', 'es'))).toBe('USD 99')
    expect(plain(formatMoney(14900, 'USD', 'pt'))).toBe('US$ 149')
    expect(plain(formatMoney(8450, 'USD', 'pt'))).toBe('US$ 84,50')
    expect(formatMoney(8450, 'USD', 'en')).toBe('$84.50')
  })
})
