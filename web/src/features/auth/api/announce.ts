import type { AuthError } from '@supabase/auth-js'
import { langFromPath } from '../../../i18n/paths'
import { ensureBundle, i18n } from '../../../i18n/setup'
import { showToast } from '../../toasts/toast-store'
import { authErrorKey } from '../auth-errors'
import type { Flash } from '../flash'
import { withoutCallback, type UrlCallback } from '../url-callback'

/** The `auth` words in the page's language, loaded if no page asked for them yet. */
async function authWords() {
  const lang = langFromPath(window.location.pathname)
  await ensureBundle(lang, 'auth')
  return i18n.getFixedT(lang, 'auth')
}

/** Tells the visitor what the link they followed did (docs/product.md#links-from-e-mails: links land on the site). */
export async function announceUrlCallback(callback: UrlCallback, error: AuthError | null): Promise<void> {
  // auth-js leaves an error (and a bare "#") in the address; the visitor should not keep or share it.
  window.history.replaceState(window.history.state, '', withoutCallback(window.location.href))
  const t = await authWords()
  if (callback.kind === 'error' || error) {
    const code = callback.kind === 'error' ? callback.code : (error?.code ?? undefined)
    showToast({ tone: 'error', title: t(`errors.${authErrorKey({ code, name: error?.name }, 'link')}`) })
    return
  }
  if (callback.kind === 'message') {
    showToast({ tone: 'success', title: t('link.emailChangeHalf') })
    return
  }
  const titles: Record<string, string> = {
    signup: t('link.emailConfirmed'),
    invite: t('link.emailConfirmed'),
    magiclink: t('welcome_back'),
    email_change: t('link.emailChanged'),
  }
  const title = titles[callback.type]
  if (title) showToast({ tone: 'success', title })
}

export async function announceFlash(flash: Flash): Promise<void> {
  const t = await authWords()
  showToast({ tone: 'success', title: t(flash) })
}
