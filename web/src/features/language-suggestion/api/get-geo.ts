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
    const response = await fetch('/api/v1/geo', { signal, headers: { Accept: 'application/json' } })
    if (response.status !== 200) return null
    const body: unknown = await response.json()
    if (typeof body !== 'object' || body === null) return null
    const { country_code: countryCode, country_name: countryName } = body as Record<string, unknown>
    if (typeof countryCode !== 'string') return null
    return { countryCode, countryName: typeof countryName === 'string' ? countryName : '' }
  } catch {
    return null
  }
}
