/** The profile fields the header reads (docs/product.md#profiles). */
export interface ProfileNames {
  first_name?: string | null
  last_name?: string | null
  avatar_url?: string | null
}

/** What the display name needs from the auth user. */
export interface NamedUser {
  email?: string | undefined
  user_metadata?: Record<string, unknown> | undefined
}

function clean(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * docs/product.md#display-name: first plus last name; else the first name; else the user's
 * full_name, then name metadata; else the part of the e-mail before "@";
 * else `fallback` ('User' / 'Usuario' / 'Usuário').
 *
 * Names come from the profile; while it loads, or when reading it failed,
 * the sign-up metadata that created the profile stands in, so the header does
 * not flash the e-mail's local part before the real name.
 */
export function displayName(profile: ProfileNames | null, user: NamedUser | null, fallback: string): string {
  const metadata = user?.user_metadata ?? {}
  const first = clean(profile?.first_name) || (profile ? '' : clean(metadata.first_name))
  const last = clean(profile?.last_name) || (profile ? '' : clean(metadata.last_name))
  if (first && last) return `${first} ${last}`
  if (first) return first
  const fromMetadata = clean(metadata.full_name) || clean(metadata.name)
  if (fromMetadata) return fromMetadata
  const local = clean(user?.email).split('@')[0]
  return local || fallback
}

/** One or two letters for the avatar: the first letters of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '')
  return letters.join('').toLocaleUpperCase() || '?'
}
