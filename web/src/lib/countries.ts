import type { Lang } from '../i18n/languages'

/**
 * The 64 countries of the sign-up form (docs/product.md#sign-up) as (ISO 3166-1 alpha-2 code,
 * English name), sorted by English name. The server keeps the same pairs in
 * server/src/platform/countries/mod.rs and accepts only these: change both
 * together. A profile stores the English name; the page shows it in its own
 * language through Intl.DisplayNames, so no translation file carries them.
 */
export const COUNTRIES = [
  ['AO', 'Angola'],
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BZ', 'Belize'],
  ['BO', 'Bolivia'],
  ['BR', 'Brazil'],
  ['CV', 'Cabo Verde'],
  ['CA', 'Canada'],
  ['CL', 'Chile'],
  ['CN', 'China'],
  ['CO', 'Colombia'],
  ['CR', 'Costa Rica'],
  ['HR', 'Croatia'],
  ['CU', 'Cuba'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['DO', 'Dominican Republic'],
  ['EC', 'Ecuador'],
  ['SV', 'El Salvador'],
  ['GQ', 'Equatorial Guinea'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GR', 'Greece'],
  ['GT', 'Guatemala'],
  ['GW', 'Guinea-Bissau'],
  ['GY', 'Guyana'],
  ['HT', 'Haiti'],
  ['HN', 'Honduras'],
  ['HU', 'Hungary'],
  ['IN', 'India'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['JM', 'Jamaica'],
  ['JP', 'Japan'],
  ['MX', 'Mexico'],
  ['MZ', 'Mozambique'],
  ['NL', 'Netherlands'],
  ['NZ', 'New Zealand'],
  ['NI', 'Nicaragua'],
  ['NO', 'Norway'],
  ['PA', 'Panama'],
  ['PY', 'Paraguay'],
  ['PE', 'Peru'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['PR', 'Puerto Rico'],
  ['RO', 'Romania'],
  ['ST', 'Sao Tome and Principe'],
  ['ZA', 'South Africa'],
  ['KR', 'South Korea'],
  ['ES', 'Spain'],
  ['SR', 'Suriname'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TL', 'Timor-Leste'],
  ['TT', 'Trinidad and Tobago'],
  ['TR', 'Turkey'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['UY', 'Uruguay'],
  ['VE', 'Venezuela'],
] as const satisfies ReadonlyArray<readonly [string, string]>

export type CountryName = (typeof COUNTRIES)[number][1]

export interface CountryOption {
  code: string
  /** What is stored and sent: the English name. */
  value: CountryName
  /** What the visitor reads: the name in the page's language. */
  label: string
}

function regionNames(lang: Lang): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' })
  } catch {
    return null // very old engines: the English names still work
  }
}

const namers = new Map<Lang, Intl.DisplayNames | null>()

/** "ES" → "Spain" / "España" / "Espanha"; the code itself when the browser cannot name it. */
export function countryName(code: string, lang: Lang): string {
  if (!namers.has(lang)) namers.set(lang, regionNames(lang))
  try {
    return namers.get(lang)?.of(code.toUpperCase()) ?? code
  } catch {
    return code // not a region code at all
  }
}

/** The countries named in `lang`, in that language's alphabetical order. */
export function countryOptions(lang: Lang): CountryOption[] {
  const names = regionNames(lang)
  const collator = new Intl.Collator(lang)
  return COUNTRIES.map(([code, value]) => ({ code, value, label: names?.of(code) ?? value })).toSorted((a, b) =>
    collator.compare(a.label, b.label),
  )
}

/** The stored English name for a value the server returned, if it is one of the 64. */
export function knownCountry(value: string | null | undefined): CountryName | '' {
  const match = COUNTRIES.find(([, name]) => name === value)
  return match ? match[1] : ''
}
