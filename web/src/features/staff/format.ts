/** Words Intl gives in the page's language, so no translation file lists them. */

/** A country code by its name ("CO" → "Colombia"), or the code itself when Intl does not know it. */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** An amount in cents in its currency ("US$ 99,00"). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
}
