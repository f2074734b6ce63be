import { GoTrueClient } from '@supabase/auth-js'
import { setSessionTokenSource } from '../../../lib/api-client'
import { readRuntimeConfig } from '../../../lib/config'
import { STORAGE_KEYS } from '../../../lib/storage'
import { secondStepPending } from '../assurance'
import { takeFlash } from '../flash'
import { openLoginDialog } from '../login-dialog-store'
import { endPasswordRecovery, markPasswordRecovery } from '../recovery-state'
import { readUrlCallback } from '../url-callback'
import { announceFlash, announceUrlCallback } from './announce'

/**
 * The one auth-js client of the page (docs/product.md#auth-state: the client's
 * own refresh, cross-tab sync and URL handling, not a rewrite). Implicit flow
 * (auth-js's default): e-mail links come back with the session in the
 * fragment, which auth-js reads and clears on start.
 */
export function startAuthRuntime(): GoTrueClient {
  const { authUrl, anonKey } = readRuntimeConfig()
  // Read before auth-js clears the fragment, to tell the visitor what the link did.
  const callback = readUrlCallback(window.location.href)
  const client = new GoTrueClient({
    url: authUrl,
    // Public endpoints expect the anon key, as supabase-js sends it; user calls replace it with the user's token.
    headers: anonKey ? { apikey: anonKey, Authorization: `Bearer ${anonKey}` } : {},
    storageKey: STORAGE_KEYS.auth,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  })

  // Requests made with `auth: true` carry this session's (refreshed) access token.
  setSessionTokenSource(async () => (await client.getSession()).data.session?.access_token ?? null)

  client.onAuthStateChange((event, session) => {
    if (event === 'PASSWORD_RECOVERY') markPasswordRecovery()
    // 'Welcome back!' waits for the session, so it never greets a visitor whose session just expired.
    if (event === 'INITIAL_SESSION' && session && takeFlash() === 'welcome_back') void announceFlash('welcome_back')
    // Back from Google, or a reload, with a session that still owes the code of two-step
    // verification: the dialog asks for it. Not in a hidden tab that merely heard another one.
    if (event === 'INITIAL_SESSION' && secondStepPending(session) && document.visibilityState === 'visible') openLoginDialog('mfa')
  })

  // A recovery link: the reset page shows its form at once instead of a 'checking' state,
  // and takes it back if the link's session turns out to be invalid.
  const recovery = callback?.kind === 'session' && callback.type === 'recovery'
  if (recovery) markPasswordRecovery()
  void client.initialize().then(({ error }) => {
    if (recovery && error) endPasswordRecovery()
    if (callback) void announceUrlCallback(callback, error)
  })
  return client
}
