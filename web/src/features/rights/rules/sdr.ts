import type { Money } from './types'

/**
 * Value of one special drawing right (SDR, DEG, DES) in other currencies, as the IMF publishes it.
 * Approximate, dated: the result shows the date. Refresh from the IMF's "SDR valuation" and
 * "Representative exchange rates" when it changes materially.
 */
export const SDR_RATES = {
  date: '2025-10-31',
  source: 'IMF',
  perSdr: {
    USD: 1.37,
    EUR: 1.18,
    GBP: 1.04,
    CHF: 1.1,
    CAD: 1.92,
    BRL: 7.37,
    COP: 5290,
    MXN: 25.3,
    ARS: 1980,
    CLP: 1295,
    PEN: 4.64,
    UYU: 54.6,
    BOB: 9.47,
    PYG: 9650,
    DOP: 87.5,
    GTQ: 10.5,
    CRC: 690,
    AOA: 1250,
    MZN: 87.5,
    CVE: 130,
  } as Record<string, number>,
} as const

/** The currency a traveller living in `country` thinks in (EUR for the euro area, USD where unknown). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  GB: 'GBP', CH: 'CHF', CA: 'CAD', US: 'USD', BR: 'BRL', CO: 'COP', MX: 'MXN', AR: 'ARS', CL: 'CLP', PE: 'PEN',
  UY: 'UYU', BO: 'BOB', PY: 'PYG', DO: 'DOP', GT: 'GTQ', CR: 'CRC', AO: 'AOA', MZ: 'MZN', CV: 'CVE',
  EC: 'USD', SV: 'USD', PA: 'USD', PR: 'USD',
}

const EURO_AREA = new Set([
  'AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES',
  'AD', 'MC', 'SM', 'VA', 'ME', 'XK', 'GP', 'GF', 'MQ', 'RE', 'YT', 'MF',
])

export function currencyFor(country: string): string {
  const c = country.toUpperCase()
  if (EURO_AREA.has(c)) return 'EUR'
  return CURRENCY_BY_COUNTRY[c] ?? 'USD'
}

/** `sdr` SDR in the currency of a traveller living in `country`, rounded to whole units. */
export function convertSdr(sdr: number, country: string): Money & { rateDate: string } {
  const currency = currencyFor(country)
  const rate = SDR_RATES.perSdr[currency] ?? SDR_RATES.perSdr.USD!
  const used = SDR_RATES.perSdr[currency] ? currency : 'USD'
  return { amount: Math.round(sdr * rate), currency: used, rateDate: SDR_RATES.date }
}
