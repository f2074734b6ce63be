import type { Lang } from '../../i18n/languages'
import { ApiError, apiRequest, apiUrl as libApiUrl } from '../../lib/api-client'

export { ApiError }

type Params = Record<string, string | number | null | undefined>

/** `/api/v1/<path>?lang=…&…`, leaving out empty parameters (also the answer's cache key). */
export function apiUrl(path: string, lang: Lang, params: Params = {}): string {
  return libApiUrl(path, { lang, ...params })
}

/** GET of a URL made by `apiUrl`, through the one API client. */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(url, { signal, base: '' })
}

/** Like getJson, but an unknown slug (404) is `null`: the page shows the not-found page. */
export async function getJsonOrNull<T>(url: string): Promise<T | null> {
  try {
    return await getJson<T>(url)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}
