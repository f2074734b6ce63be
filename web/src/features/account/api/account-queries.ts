import type { UserIdentity } from '@supabase/auth-js'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { readRuntimeConfig } from '../../../lib/config'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { loadAuthClient } from '../../auth/api/client-loader'
import { currentToken, fetchDevices, fetchNewsletter } from './account-api'

export const devicesKey = (userId: string) => ['account-devices', userId] as const
export const identitiesKey = (userId: string) => ['account-identities', userId] as const
export const newsletterKey = (userId: string) => ['account-newsletter', userId] as const
const providersKey = ['auth-providers'] as const

/** The signed-in devices, asked again on every visit and after each change. */
export function useDevices(userId: string | undefined) {
  return useQuery(
    {
      queryKey: devicesKey(userId ?? ''),
      queryFn: async ({ signal }) => (await fetchDevices(await currentToken(), signal)).sessions,
      enabled: Boolean(userId),
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}

/** The user's identities (e-mail, Google), fresh from the server: auth-js's getUserIdentities reads GET /user. */
async function fetchIdentities(): Promise<UserIdentity[]> {
  const client = await loadAuthClient()
  const { data, error } = await client.getUserIdentities()
  if (error) throw error
  return data.identities
}

export function useIdentities(userId: string | undefined) {
  return useQuery({ queryKey: identitiesKey(userId ?? ''), queryFn: fetchIdentities, enabled: Boolean(userId), staleTime: 0 }, useAppQueryClient())
}

/**
 * Whether Google sign-in is on (GET /auth/v1/settings). The login dialog asks the same through
 * auth's `getAuthProviders`, which lives in the dialog's chunk: importing it here would split it
 * into a chunk of its own, one more file for the dialog (web/README.md, "Performance budget").
 */
async function fetchGoogleOn(): Promise<boolean> {
  const { authUrl, anonKey } = readRuntimeConfig()
  const settings = await apiRequest<{ external?: { google?: unknown } } | null>('settings', {
    base: authUrl,
    headers: anonKey ? { apikey: anonKey } : {},
  })
  return settings?.external?.google === true
}

export function useGoogleOn() {
  return useQuery({ queryKey: providersKey, queryFn: fetchGoogleOn, staleTime: Infinity }, useAppQueryClient())
}

/** The newsletter subscription of the account's address. */
export function useNewsletter(userId: string | undefined) {
  return useQuery(
    {
      queryKey: newsletterKey(userId ?? ''),
      queryFn: async ({ signal }) => fetchNewsletter(await currentToken(), signal),
      enabled: Boolean(userId),
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}
