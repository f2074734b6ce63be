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

/** POST profile/avatar: the picture as the multipart field `file`; the server keeps a 256 px JPEG of it. */
export function uploadAvatar(token: string, file: File): Promise<Profile> {
  const body = new FormData()
  body.append('file', file)
  return apiRequest<Profile>('profile/avatar', { method: 'POST', body, auth: token })
}

/** DELETE profile/avatar: the profile without a picture. */
export function removeAvatar(token: string): Promise<Profile> {
  return apiRequest<Profile>('profile/avatar', { method: 'DELETE', auth: token })
}
