import type { Lang } from '../../i18n/languages'
import { i18n } from '../../i18n/setup'
import { track } from '../../lib/analytics'
import { showToast } from '../toasts/toast-store'
import { newsletterErrorCode, subscribe } from './api'
import type { SubscribeOutcome } from './form-state'

/**
 * What happens once the form passed its rule (loaded on the first submit, so
 * the forms on every page cost little): the request, the toasts of docs/product.md#newsletter in the
 * page's language, and the sign-up events (first-party count, and Google's
 * newsletter_signup + purchase when the visitor accepted cookies).
 */
export async function subscribeToNewsletter(email: string, lang: Lang, source: string): Promise<SubscribeOutcome> {
  const t = i18n.getFixedT(lang, 'common')
  try {
    const { message } = await subscribe(email, lang, source)
    showToast({ tone: 'success', title: t('newsletter.successTitle'), description: message?.trim() || t('newsletter.successFallback') })
    track({ name: 'newsletter_signup', source })
    return 'success'
  } catch (error) {
    const code = newsletterErrorCode(error)
    const description = code === 'rate_limited' ? t('newsletter.rateLimited') : undefined
    showToast({ tone: 'error', title: t('newsletter.failure'), description })
    return code === 'invalid_email' ? 'invalid' : 'failed'
  }
}
