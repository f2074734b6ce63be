import type { Lang } from '../../i18n/languages'
import { searchAirports as searchApi, type Airport as ApiAirport } from '../../lib/airports'
import type { Airport } from './rules/types'

/**
 * The checker's one request (docs/product.md: nothing the traveller types is sent anywhere
 * else): GET /api/v1/airports, through the shared client in lib/airports.ts, whose answer is
 * exactly the rules engine's `Airport`. The constant below fails to compile if either shape
 * drifts from the other.
 */
export type { Airport }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const AIRPORT_SHAPES_MATCH: Same<Airport, ApiAirport> = true

export function searchAirports(q: string, lang: Lang, signal?: AbortSignal, limit?: number): Promise<Airport[]> {
  return searchApi(q, lang, signal, limit)
}
