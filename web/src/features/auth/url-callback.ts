/**
 * What an e-mail or sign-in link brought back in the address (docs/auth-api.md#redirects):
 * GET /auth/v1/verify answers 303 to the site with the session, an error
 * or a message in the fragment. auth-js reads the session itself; this only
 * says whether to load it now and what to tell the visitor afterwards.
 */
export type UrlCallback =
  | { kind: 'session'; type: string }
  | { kind: 'error'; code: string; description: string }
  | { kind: 'message'; message: string }

/** Fragment and query merged, query winning: auth-js reads them the same way. */
function parameters(url: URL): URLSearchParams {
  const merged = new URLSearchParams(url.hash.replace(/^#/, ''))
  for (const [key, value] of url.searchParams) merged.set(key, value)
  return merged
}

export function readUrlCallback(href: string): UrlCallback | null {
  let params: URLSearchParams
  try {
    params = parameters(new URL(href))
  } catch {
    return null
  }
  if (params.has('error') || params.has('error_code') || params.has('error_description')) {
    return {
      kind: 'error',
      code: params.get('error_code') ?? params.get('error') ?? 'unspecified_code',
      description: params.get('error_description') ?? '',
    }
  }
  if (params.has('access_token')) return { kind: 'session', type: params.get('type') ?? '' }
  // The first half of a secure e-mail change: GoTrue marks its redirects with an empty `sb`.
  if (params.has('message') && params.has('sb')) return { kind: 'message', message: params.get('message') ?? '' }
  return null
}

/** The address without what the callback added, for history.replaceState. */
export function withoutCallback(href: string): string {
  const url = new URL(href)
  for (const key of ['error', 'error_code', 'error_description', 'message', 'sb']) url.searchParams.delete(key)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  const isCallback = ['access_token', 'error', 'error_code', 'error_description', 'message', 'sb'].some((key) => hash.has(key))
  return url.pathname + url.search + (isCallback || url.hash === '#' ? '' : url.hash)
}
