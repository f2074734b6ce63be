import type { Lang } from '../i18n/languages'
import type { AirportItem, AirportList } from './api/types'

/**
 * One airport as GET /api/v1/airports answers it: IATA and ICAO codes, its name, its city in
 * the page's language, its country (ISO 3166-1 alpha-2), position and time zone. The same shape
 * as the rights checker's `Airport` (features/rights/rules/types.ts), which the checker checks.
 */
export type Airport = AirportItem

export const AIRPORT_LIMIT_DEFAULT = 8

/** A search worth sending: two characters or more (a 3-letter code included). */
export function isAirportQuery(text: string): boolean {
  return text.trim().length >= 2
}

/** Airports matching `q` (code, city or name, accents and case ignored), best first. */
export async function searchAirports(q: string, lang: Lang, signal?: AbortSignal, limit = AIRPORT_LIMIT_DEFAULT): Promise<Airport[]> {
  // The API client loads with the first search, not with the home page that shows the field.
  const { apiRequest } = await import('./api-client')
  const answer = await apiRequest<AirportList>('airports', { query: { q: q.trim(), lang, limit }, signal })
  return answer?.airports ?? []
}

/** What an airport's field shows once picked: "Madrid (MAD)". */
export function airportShortLabel(airport: Pick<Airport, 'city' | 'iata'>): string {
  return `${airport.city} (${airport.iata})`
}
