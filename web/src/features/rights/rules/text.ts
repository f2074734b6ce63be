import type { Lang, Money, Text } from './types'

/** A text in the three languages, in the order en, es, pt. */
export const tx = (en: string, es: string, pt: string): Text => ({ en, es, pt })

/** Special drawing rights: SDR in English, DEG (derechos especiales de giro), DES (direitos especiais de saque). */
export const SDR_NAME: Record<Lang, string> = { en: 'SDR', es: 'DEG', pt: 'DES' }

const LOCALES: Record<Lang, string> = { en: 'en-GB', es: 'es-ES', pt: 'pt-BR' }

export function localeOf(lang: Lang): string {
  return LOCALES[lang]
}

/** "€600", "600 €", "R$ 1.834,12": the amount written as the language writes it. */
export function formatMoney(money: Money, lang: Lang): string {
  if (money.currency === 'SDR') {
    const n = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 }).format(money.amount)
    return `${n} ${SDR_NAME[lang]}`
  }
  const whole = Number.isInteger(money.amount)
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(money.amount)
}

/** A YYYY-MM-DD date written for the language ("3 March 2026", "3 de marzo de 2026"). */
export function formatDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number)
  if (!y || !m || !d) return iso
  return new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  )
}

/** "3 h 05 min" in any of the three languages. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`
}

/** Adds days (may be negative) to a YYYY-MM-DD date. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(y!, m! - 1, d! + days))
  return date.toISOString().slice(0, 10)
}

/** Adds whole years to a YYYY-MM-DD date (29 February becomes 28 February). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(y! + years, m! - 1, d!))
  if (date.getUTCMonth() !== m! - 1) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
