import { useMutation, useQuery } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { fetchProfile, removeAvatar, saveProfile, uploadAvatar, type Profile, type ProfilePatch } from './profile'

export const profileKey = (userId: string) => ['profile', userId] as const

/**
 * GET profile: the signed-in user's profile, read once per user and shared by the avatar menu,
 * the account page and the booking form (a save updates them all at once).
 * docs/product.md#profiles: a failed read is logged and the profile is treated as empty.
 */
export function useProfile(userId: string | undefined, token: string | undefined): { profile: Profile | null; loading: boolean } {
  const query = useQuery(
    {
      queryKey: profileKey(userId ?? ''),
      queryFn: () =>
        fetchProfile(token ?? '').catch((error: unknown) => {
          // oxlint-disable-next-line no-console -- docs/product.md#profiles asks for the failure to be logged
          console.warn('Could not read the profile; showing the account without it.', error)
          return null
        }),
      enabled: Boolean(userId && token),
      staleTime: Number.POSITIVE_INFINITY,
    },
    useAppQueryClient(),
  )
  return { profile: query.data ?? null, loading: Boolean(userId) && query.isPending }
}

/** A write whose answer is the whole profile: it replaces the one read earlier, for every reader. */
function useProfileWrite<Input>(write: (input: Input) => Promise<Profile>) {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: write,
      onSuccess: (saved) => client.setQueryData(profileKey(saved.id), saved),
    },
    client,
  )
}

/** PATCH profile; the saved profile replaces the one read earlier. */
export function useSaveProfile(token: string | undefined) {
  return useProfileWrite((patch: ProfilePatch) => saveProfile(token ?? '', patch))
}

/** POST profile/avatar; the answer (with the new `avatar_url`) reaches the avatar menu too. */
export function useUploadAvatar(token: string | undefined) {
  return useProfileWrite((file: File) => uploadAvatar(token ?? '', file))
}

/** DELETE profile/avatar; every reader shows the initials again. */
export function useRemoveAvatar(token: string | undefined) {
  return useProfileWrite<void>(() => removeAvatar(token ?? ''))
}
