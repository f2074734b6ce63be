import { useEffect } from 'react'
import { knownCountry } from '../../../lib/countries'
import { useProfile } from '../../auth/api/profile-queries'
import { useAuth } from '../../auth/hooks/use-auth'
import type { Flow } from './flow-types'

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Names for the form of a signed-in visitor: the profile's, else the sign-up metadata's. */
export function namesOf(profile: { first_name?: string | null; last_name?: string | null } | null, metadata: Record<string, unknown>): string {
  const first = text(profile?.first_name) || text(metadata.first_name)
  const last = text(profile?.last_name) || text(metadata.last_name)
  return [first, last].filter(Boolean).join(' ') || text(metadata.full_name) || text(metadata.name)
}

/** A signed-in visitor's details fill the fields they have not typed themselves. */
export function useBookingPrefill(updateDraft: Flow['updateDraft']): void {
  const { user, session } = useAuth()
  const { profile } = useProfile(user?.id, session?.access_token)
  const metadata = user?.user_metadata
  useEffect(() => {
    if (!user) return
    const name = namesOf(profile, metadata ?? {})
    const country = knownCountry(profile?.country ?? (typeof metadata?.country === 'string' ? metadata.country : null))
    updateDraft((current) => ({
      ...current,
      values: {
        ...current.values,
        name: current.values.name || name,
        email: current.values.email || user.email || '',
        country: current.values.country || country,
      },
    }))
  }, [user, profile, metadata, updateDraft])
}
