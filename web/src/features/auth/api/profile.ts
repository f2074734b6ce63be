/** The caller's profile row (docs/product.md#profiles), from GET/PATCH /api/v1/profile. */
export interface Profile {
  id: string
  first_name: string | null
  last_name: string | null
  country: string | null
  avatar_url: string | null
}

export type ProfilePatch = Partial<Pick<Profile, 'first_name' | 'last_name' | 'country'>>

/** The /api/v1 error envelope: `{ error_code, message, fields: { field: code } }`. */
export class ProfileApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(`profile: ${status} ${code}`)
    this.name = 'ProfileApiError'
  }
}

const PROFILE_URL = '/api/v1/profile'

async function request(token: string, init: RequestInit = {}): Promise<Profile> {
  let response: Response
  try {
    response = await fetch(PROFILE_URL, {
      ...init,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
    })
  } catch {
    throw new ProfileApiError('network', 0)
  }
  const body: unknown = await response.json().catch(() => null)
  if (response.ok && body && typeof body === 'object') return body as Profile
  const envelope = (body ?? {}) as { error_code?: unknown; fields?: unknown }
  const code = typeof envelope.error_code === 'string' ? envelope.error_code : 'unexpected'
  const fields = typeof envelope.fields === 'object' && envelope.fields ? (envelope.fields as Record<string, string>) : {}
  throw new ProfileApiError(code, response.status, fields)
}

export function fetchProfile(token: string): Promise<Profile> {
  return request(token)
}

export function saveProfile(token: string, patch: ProfilePatch): Promise<Profile> {
  return request(token, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) })
}
