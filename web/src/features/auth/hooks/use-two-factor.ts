import type { Factor } from '@supabase/auth-js'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { loadAuthClient } from '../api/client-loader'
import { mfaFactorsKey, recoveryCodesLeftKey } from '../api/mfa-queries'
import { createRecoveryCodes } from '../api/recovery-codes'
import type { ErrorLike } from '../auth-errors'
import { useCodeAttempt } from './use-code-attempt'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

/** Something that changes two-step verification for good, and so is confirmed first. */
export type ConfirmAction = { kind: 'remove'; factor: Factor } | { kind: 'newCodes' }

/**
 * Where the account page's section stands: the overview, a setup waiting for its first code, the
 * new recovery codes (shown this once), or a change to confirm (with a code when the session is
 * at aal1, as the server requires aal2 for it).
 */
export type TwoFactorPhase =
  | { name: 'overview' }
  | { name: 'setup'; factorId: string; qrCode: string; secret: string }
  | { name: 'codes'; codes: string[] }
  | { name: 'confirm'; action: ConfirmAction; needsCode: boolean }

export type TwoFactorNews = 'enabled' | 'removed' | null

/** Whether changes need a code first: the session is below aal2 (read locally by auth-js). */
async function belowAal2(client: Client): Promise<boolean> {
  const { data } = await client.mfa.getAuthenticatorAssuranceLevel()
  return data?.currentLevel !== 'aal2'
}

async function accessToken(client: Client): Promise<string> {
  return (await client.getSession()).data.session?.access_token ?? ''
}

/**
 * The account page's two-step verification (docs/product.md#two-step-verification): set up with
 * auth-js (enroll, then challengeAndVerify the first code), recovery codes from our endpoint right
 * after, removal and new codes confirmed first. `factors` are the user's TOTP factors as read.
 */
export function useTwoFactor(userId: string, factors: Factor[]) {
  const { t } = useTranslation('auth')
  const queryClient = useAppQueryClient()
  const [phase, setPhase] = useState<TwoFactorPhase>({ name: 'overview' })
  const [news, setNews] = useState<TwoFactorNews>(null)
  const attempt = useCodeAttempt('mfaSetup')
  const { run } = attempt
  const verified = factors.filter((factor) => factor.status === 'verified')

  const refresh = () => void queryClient.invalidateQueries({ queryKey: mfaFactorsKey(userId) })
  const go = (next: TwoFactorPhase) => {
    attempt.setProblem(null)
    setPhase(next)
  }

  /** Makes, shows and counts a fresh set of recovery codes (the session is at aal2 by then). */
  const issueCodes = async (client: Client): Promise<ErrorLike | null> => {
    const codes = await createRecoveryCodes(await accessToken(client))
    queryClient.setQueryData(recoveryCodesLeftKey(userId), codes.length)
    setPhase({ name: 'codes', codes })
    return null
  }

  const startSetup = () =>
    run(async (client) => {
      setNews(null)
      // An abandoned setup left its factor unverified; the server allows ten factors in all.
      for (const leftover of factors.filter((factor) => factor.status !== 'verified')) {
        await client.mfa.unenroll({ factorId: leftover.id })
      }
      const { data, error } = await client.mfa.enroll({ factorType: 'totp', friendlyName: t('twoFactor.factorName') })
      refresh()
      if (error) return error
      setPhase({ name: 'setup', factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
      return null
    }, 'mfaSetup')

  const confirmSetup = async (code: string) => {
    if (phase.name !== 'setup') return
    const { factorId } = phase
    const on = await run(async (client) => (await client.mfa.challengeAndVerify({ factorId, code })).error, 'mfaSetup')
    if (!on) return
    setNews('enabled')
    refresh()
    // Two-step verification is on either way; without codes, the overview offers to make them.
    if (!(await run(issueCodes, 'recoveryCodes'))) setPhase({ name: 'overview' })
  }

  const cancelSetup = () => {
    if (phase.name !== 'setup') return
    const { factorId } = phase
    go({ name: 'overview' })
    // Quietly, at best: a factor left behind is removed before the next setup anyway.
    void loadAuthClient()
      .then((client) => client.mfa.unenroll({ factorId }))
      .then(refresh, () => undefined)
  }

  /** Remove (an unfinished setup at once) or new codes: confirmed first, with a code below aal2. */
  const ask = (action: ConfirmAction) =>
    run(async (client) => {
      setNews(null)
      if (action.kind === 'remove' && action.factor.status !== 'verified') {
        const { error } = await client.mfa.unenroll({ factorId: action.factor.id })
        refresh()
        return error
      }
      go({ name: 'confirm', action, needsCode: verified.length > 0 && (await belowAal2(client)) })
      return null
    }, action.kind === 'remove' ? 'mfaRemove' : 'recoveryCodes')

  const confirm = (code: string) => {
    if (phase.name !== 'confirm') return
    const { action, needsCode } = phase
    const factorId = action.kind === 'remove' ? action.factor.id : (verified[0]?.id ?? '')
    return run(
      async (client) => {
        if (needsCode) {
          const { error } = await client.mfa.challengeAndVerify({ factorId, code })
          if (error) return error
        }
        if (action.kind === 'newCodes') return issueCodes(client)
        const { error } = await client.mfa.unenroll({ factorId })
        // The server saw a session below aal2 after all: the code is needed.
        if (error?.code === 'insufficient_aal') setPhase({ ...phase, needsCode: true })
        if (error) return error
        refresh()
        setNews('removed')
        setPhase({ name: 'overview' })
        return null
      },
      action.kind === 'remove' ? 'mfaRemove' : 'recoveryCodes',
    )
  }

  return {
    phase,
    news,
    busyWith: attempt.busyWith,
    problem: attempt.problem,
    startSetup,
    confirmSetup,
    cancelSetup,
    ask,
    confirm,
    // Back to the overview, whose status line now says what the news said.
    back: () => {
      setNews(null)
      go({ name: 'overview' })
    },
  }
}
