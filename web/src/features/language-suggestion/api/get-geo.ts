import { apiRequest } from '../../../lib/api-client'
import type { Country } from '../../../lib/api/types'

/** GET /api/v1/geo: the visitor's country as the server estimates it. */
export interface Geo {
  countryCode: string
  countryName: string
}

/**
 * 200 gives the country, 204 means "unknown" (null). Any failure also gives
 * null: the language suggestion is a nicety and must never surface an error.
 */
export async function getGeo(signal?: AbortSignal): Promise<Geo | null> {
  try {
    const body = await apiRequest<Partial<Country> | null>('geo', { signal })
    if (typeof body?.country_code !== 'string') return null
    return { countryCode: body.country_code, countryName: typeof body.country_name === 'string' ? body.country_name : '' }
  } catch {
    return null
  }
}
