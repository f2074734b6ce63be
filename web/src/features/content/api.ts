import type { Lang } from '../../i18n/languages'

/** An answer other than 2xx from /api/v1, with the server's error code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`API ${status}${code ? ` ${code}` : ''}`)
    this.name = 'ApiError'
  }
}

type Params = Record<string, string | number | null | undefined>

/** `/api/v1/<path>?lang=…&…`, leaving out empty parameters. */
export function apiUrl(path: string, lang: Lang, params: Params = {}): string {
  const query = new URLSearchParams({ lang })
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value))
  }
  return `/api/v1/${path.replace(/^\/+/, '')}?${query}`
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error_code?: unknown }
    throw new ApiError(response.status, typeof body.error_code === 'string' ? body.error_code : undefined)
  }
  return (await response.json()) as T
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
