import { apiRequest, apiUrl, ApiError, errorFromEnvelope } from '../../../lib/api-client'
import type { AccountNewsletter, DeleteAccountRequest, DeviceSessions, NewsletterChoice } from '../../../lib/api/types'
import { loadAuthClient } from '../../auth/api/client-loader'

/**
 * The account page's own endpoints (`/api/v1/account…`, server/src/account): the signed-in
 * devices, the data download and the deletion. Each call takes the session's access token as
 * auth-js holds it now (refreshed when due), like the two-step verification's calls.
 */
export async function currentToken(): Promise<string> {
  const client = await loadAuthClient()
  return (await client.getSession()).data.session?.access_token ?? ''
}

/** GET account/sessions: the devices signed in to the account, the most recently seen first. */
export function fetchDevices(token: string, signal?: AbortSignal): Promise<DeviceSessions> {
  return apiRequest<DeviceSessions>('account/sessions', { auth: token, signal })
}

/** DELETE account/sessions/{id}: that device is signed out (404 `session_not_found`: it already was). */
export async function endDevice(token: string, id: string): Promise<void> {
  await apiRequest<null>(`account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: token })
}

/** GET account/newsletter: whether the account's own address receives the newsletter. */
export function fetchNewsletter(token: string, signal?: AbortSignal): Promise<AccountNewsletter> {
  return apiRequest<AccountNewsletter>('account/newsletter', { auth: token, signal })
}

/** PUT account/newsletter: on (in a language; confirmed at once, the address is proven) or off. */
export function saveNewsletter(token: string, choice: NewsletterChoice): Promise<AccountNewsletter> {
  return apiRequest<AccountNewsletter>('account/newsletter', { method: 'PUT', auth: token, json: choice })
}

/** DELETE account, confirmed with the password or the mailed code; `lang` is the confirmation mail's. */
export async function deleteAccount(token: string, body: DeleteAccountRequest): Promise<void> {
  await apiRequest<null>('account', { method: 'DELETE', auth: token, json: body })
}

/** The file a download answer names (`Content-Disposition: attachment; filename="…"`), if any. */
export function attachmentName(disposition: string | null): string | null {
  const name = /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? /filename=([^;\s]+)/i.exec(disposition ?? '')?.[1]
  // Only a plain file name: no path, nothing hidden.
  return name && /^[\w.-]+$/.test(name) && !name.startsWith('.') ? name : null
}

export interface DataFile {
  name: string
  blob: Blob
}

/**
 * GET account/export: everything kept about the person, as the server wrote it, with the file
 * name it gives. Read as bytes rather than through `apiRequest`, which would parse the JSON and
 * lose the name.
 */
export async function fetchMyData(token: string): Promise<DataFile> {
  let response: Response
  try {
    response = await fetch(apiUrl('account/export'), { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  } catch {
    throw new ApiError(0, 'network')
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    throw errorFromEnvelope(response.status, body, response.headers)
  }
  const today = new Date().toISOString().slice(0, 10)
  return {
    name: attachmentName(response.headers.get('content-disposition')) ?? `rumbo-my-data-${today}.json`,
    blob: await response.blob(),
  }
}
