import type { UserIdentity } from '@supabase/auth-js'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage } from '../../../components/ui/Field'
import { INTL_LOCALE } from '../../../i18n/languages'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { PAGE_PATHS } from '../../../lib/site-map'
import { loadAuthClient } from '../../auth/api/client-loader'
import { authErrorKey, type AuthAction, type AuthErrorKey, type ErrorLike } from '../../auth/auth-errors'
import { useAuth } from '../../auth/hooks/use-auth'
import { identitiesKey, useGoogleOn, useIdentities } from '../api/account-queries'
import { dateText } from '../devices/last-seen'

type Client = Awaited<ReturnType<typeof loadAuthClient>>

const HEADING_ID = 'identities-heading'
// E-mail first, then the providers in the order they were connected.
const byKind = (a: UserIdentity, b: UserIdentity) => Number(b.provider === 'email') - Number(a.provider === 'email')

/**
 * The account page's connected accounts (docs/product.md#account-page): the e-mail and Google
 * identities; Connect Google (auth-js `linkIdentity`: Google's page, then back here) when the
 * server offers Google, and Disconnect (`unlinkIdentity`) for Google when another way to sign
 * in remains. Errors coming back from Google in the address are said by auth's announce.ts.
 * Loaded lazily by the account page.
 */
export default function ConnectedAccountsSection() {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const lang = useLang()
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const identities = useIdentities(userId)
  const googleOn = useGoogleOn().data === true
  const queryClient = useAppQueryClient()
  const [busyWith, setBusyWith] = useState<string | null>(null)
  const [problem, setProblem] = useState<AuthErrorKey | null>(null)
  const [news, setNews] = useState<string | null>(null)
  const outcomeRef = useRef<HTMLOutputElement>(null)
  const hintId = useId()
  const listed = (identities.data ?? []).toSorted(byKind)
  const providerName = (identity: UserIdentity) =>
    identity.provider === 'email' ? t('identities.email') : identity.provider === 'google' ? t('identities.google') : identity.provider

  useEffect(() => {
    if (news) outcomeRef.current?.focus()
  }, [news])

  /** One call of the client; `leaves`: on success the browser goes elsewhere, so the button stays busy. */
  const run = async (key: string, action: AuthAction, work: (client: Client) => Promise<ErrorLike | null>, leaves = false) => {
    if (busyWith) return false
    setBusyWith(key)
    setProblem(null)
    setNews(null)
    let failed = true
    try {
      const error = await work(await loadAuthClient())
      if (error) setProblem(authErrorKey(error, action))
      failed = Boolean(error)
    } catch (thrown) {
      setProblem(authErrorKey(thrown as ErrorLike, action))
    } finally {
      if (failed || !leaves) setBusyWith(null)
    }
    return !failed
  }

  // Google's page takes over the tab; the server brings the browser back to this page, in this language.
  const connectGoogle = () =>
    run(
      'link',
      'linkIdentity',
      async (client) => {
        const redirectTo = window.location.origin + localizedPath(PAGE_PATHS.account, lang)
        return (await client.linkIdentity({ provider: 'google', options: { redirectTo } })).error
      },
      true,
    )

  const disconnect = async (identity: UserIdentity) => {
    const done = await run(identity.identity_id, 'unlinkIdentity', async (client) => (await client.unlinkIdentity(identity)).error)
    void queryClient.invalidateQueries({ queryKey: identitiesKey(userId) })
    if (done) setNews(providerName(identity))
  }

  const body = () => {
    if (identities.isPending) {
      return (
        <p aria-busy="true" className="mt-4 min-h-24 text-sm text-slate-600">
          {t('identities.loading')}
        </p>
      )
    }
    if (identities.isError) {
      return (
        <div className="mt-4 flex min-h-24 flex-wrap items-start gap-3" role="alert">
          <p className="form-error">{auth(`errors.${authErrorKey(identities.error as ErrorLike, 'identities')}`)}</p>
          <button type="button" onClick={() => void identities.refetch()} className={buttonStyles.secondary}>
            {t('identities.retry')}
          </button>
        </div>
      )
    }
    const hasGoogle = listed.some((identity) => identity.provider === 'google')
    return (
      <>
        <ul className="mt-4 divide-y divide-sand-200">
          {listed.map((identity) => {
            const provider = providerName(identity)
            const email = typeof identity.identity_data?.email === 'string' ? identity.identity_data.email : ''
            const busy = busyWith === identity.identity_id
            return (
              <li key={identity.identity_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-ocean-900">{provider}</p>
                  <p className="text-sm break-all text-slate-600">
                    {[email, identity.created_at ? t('identities.connected', { date: dateText(identity.created_at, INTL_LOCALE[lang]) }) : '']
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                {identity.provider !== 'email' && listed.length > 1 && (
                  <button
                    type="button"
                    disabled={busyWith !== null}
                    aria-label={busy ? undefined : t('identities.disconnectLabel', { provider })}
                    onClick={() => void disconnect(identity)}
                    className={buttonStyles.secondary}
                  >
                    {busy ? t('identities.disconnecting') : t('identities.disconnect')}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
        <FormMessage tone="error">{problem ? auth(`errors.${problem}`) : null}</FormMessage>
        {googleOn && !hasGoogle && (
          <div className="mt-4 border-t border-sand-200 pt-4">
            <button type="button" disabled={busyWith !== null} aria-describedby={hintId} onClick={() => void connectGoogle()} className={buttonStyles.secondary}>
              {busyWith === 'link' ? t('identities.connecting') : t('identities.connectGoogle')}
            </button>
            <p id={hintId} className="mt-2 text-sm text-slate-600">
              {t('identities.connectHint')}
            </p>
          </div>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={HEADING_ID} className="card">
      <h2 id={HEADING_ID} className="text-2xl font-semibold">
        {t('identities.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('identities.intro')}</p>
      <output ref={outcomeRef} tabIndex={-1} className={news ? 'form-success mt-6 block focus:outline-none' : 'sr-only'}>
        {news ? t('identities.disconnected', { provider: news }) : ''}
      </output>
      {body()}
    </section>
  )
}
