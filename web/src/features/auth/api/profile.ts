import { apiRequest } from '../../../lib/api-client'
import type { Profile, ProfileChanges } from '../../../lib/api/types'

/** The caller's profile row (docs/product.md#profiles), from GET/PATCH /api/v1/profile. */
export type { Profile }

export type ProfilePatch = Pick<ProfileChanges, 'first_name' | 'last_name' | 'country'>

export function fetchProfile(token: string, signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('profile', { auth: token, signal })
}

export function saveProfile(token: string, patch: ProfilePatch): Promise<Profile> {
  return apiRequest<Profile>('profile', { method: 'PATCH', json: patch, auth: token })
}
