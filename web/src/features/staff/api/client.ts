import { ApiError, apiRequest, apiUrl, errorFromEnvelope, type ApiRequest } from '../../../lib/api-client'
import { loadAuthClient } from '../../auth/api/client-loader'

/**
 * Every staff call carries the auth-js session's access token as auth-js holds it now
 * (refreshed when due), like the account page's calls. An empty token is sent as none: the
 * server then answers 401 `no_authorization`, which the console shows as a sign-in prompt.
 */
export async function currentToken(): Promise<string> {
  const client = await loadAuthClient()
  return (await client.getSession()).data.session?.access_token ?? ''
}

/** A call under /api/v1/staff/ with the session's token; throws ApiError like apiRequest. */
export async function staffRequest<T>(path: string, request: Omit<ApiRequest, 'auth'> = {}): Promise<T> {
  return apiRequest<T>(`staff/${path}`, { ...request, auth: await currentToken() })
}

/**
 * A file of the staff API as bytes (a traveller's document): it needs the bearer token, so a
 * plain link cannot fetch it. Read apart from apiRequest, which would parse the body as JSON.
 */
export async function staffBlob(path: string): Promise<Blob> {
  const token = await currentToken()
  let response: Response
  try {
    response = await fetch(apiUrl(`staff/${path}`), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError(0, 'network')
  }
  if (!response.ok) throw errorFromEnvelope(response.status, await response.json().catch(() => null), response.headers)
  return response.blob()
}

/** Saves `blob` as `fileName` through the browser's download (an object URL on a clicked <a download>). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download keeps its own copy of the blob once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const enc = encodeURIComponent
