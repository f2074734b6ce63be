import { useEffect, useSyncExternalStore } from 'react'
import { fetchProfile, type Profile } from '../api/profile'

/**
 * The signed-in user's profile, read once per user and shared by the avatar
 * menu and the account page (a save there updates the menu at once).
 * docs/product.md#profiles: a failed read is logged and the profile is treated as empty.
 */
type Entry = { userId: string; profile: Profile | null; status: 'loading' | 'ready' }

let entry: Entry | null = null
const listeners = new Set<() => void>()

function set(next: Entry): void {
  entry = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function load(userId: string, token: string): void {
  if (entry?.userId === userId) return
  set({ userId, profile: null, status: 'loading' })
  fetchProfile(token).then(
    (profile) => entry?.userId === userId && set({ userId, profile, status: 'ready' }),
    (error: unknown) => {
      // oxlint-disable-next-line no-console -- docs/product.md#profiles asks for the failure to be logged
      console.warn('Could not read the profile; showing the account without it.', error)
      if (entry?.userId === userId) set({ userId, profile: null, status: 'ready' })
    },
  )
}

/** Puts a freshly saved profile in place of the one read earlier. */
export function storeProfile(profile: Profile): void {
  set({ userId: profile.id, profile, status: 'ready' })
}

export function useProfile(userId: string | undefined, token: string | undefined): { profile: Profile | null; loading: boolean } {
  const current = useSyncExternalStore(subscribe, () => entry)
  useEffect(() => {
    if (userId && token) load(userId, token)
  }, [userId, token])
  if (!userId || current?.userId !== userId) return { profile: null, loading: Boolean(userId) }
  return { profile: current.profile, loading: current.status === 'loading' }
}
