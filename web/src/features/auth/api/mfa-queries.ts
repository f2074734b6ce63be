import type { Factor } from '@supabase/auth-js'
import { useQuery } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { loadAuthClient } from './client-loader'
import { fetchRecoveryCodesLeft } from './recovery-codes'

export const mfaFactorsKey = (userId: string) => ['mfa-factors', userId] as const
export const recoveryCodesLeftKey = (userId: string) => ['recovery-codes-left', userId] as const

/** The user's TOTP factors, verified or not, fresh from the server (auth-js's listFactors reads GET /user). */
async function fetchTotpFactors(): Promise<Factor[]> {
  const client = await loadAuthClient()
  const { data, error } = await client.mfa.listFactors()
  if (error) throw error
  return data.all.filter((factor) => factor.factor_type === 'totp')
}

/** The account page's factors; refetched by the section after each change. */
export function useTotpFactors(userId: string | undefined) {
  return useQuery({ queryKey: mfaFactorsKey(userId ?? ''), queryFn: fetchTotpFactors, enabled: Boolean(userId), staleTime: 0 }, useAppQueryClient())
}

/** GET recovery-codes: how many are left, once two-step verification is on. */
export function useRecoveryCodesLeft(userId: string | undefined, token: string | undefined, enabled: boolean) {
  return useQuery(
    {
      queryKey: recoveryCodesLeftKey(userId ?? ''),
      queryFn: ({ signal }) => fetchRecoveryCodesLeft(token ?? '', signal),
      enabled: enabled && Boolean(userId && token),
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}
