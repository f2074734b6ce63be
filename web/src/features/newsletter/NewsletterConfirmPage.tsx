import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { PAGE_PATHS } from '../../lib/site-map'
import { confirmSubscription } from './api'
import { LinkOutcome } from './components/LinkOutcome'
import { NewsletterForm } from './components/NewsletterForm'
import { useLinkAction, useLinkToken } from './use-link-action'

/**
 * Where the confirmation e-mail leads: it confirms on arrival (double opt-in)
 * and says so in the page's language. A bad or expired link offers to
 * subscribe again right there; a failed request, to try again.
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation('newsletter')
  useDocumentMeta({ page: 'newsletterConfirm' }, useLang())
  const { result, retry } = useLinkAction('confirm', useLinkToken(), confirmSubscription)

  if (result.status === 'working') return <LinkOutcome title={t('confirm.working')} />
  if (result.status === 'done') {
    const undo = result.answer.unsubscribe_token
    return (
      <LinkOutcome title={t('confirm.doneTitle')} text={t('confirm.doneText')}>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <LocalizedLink to={PAGE_PATHS.blog} className={buttonStyles.primary}>
            {t('confirm.toBlog')}
          </LocalizedLink>
          {undo && (
            <LocalizedLink to={PAGE_PATHS.newsletterUnsubscribe} state={{ token: undo }} className="link-button text-sm">
              {t('confirm.undo')}
            </LocalizedLink>
          )}
        </div>
      </LinkOutcome>
    )
  }
  if (result.code === 'invalid_token' || result.code === 'token_expired') {
    const which = result.code === 'token_expired' ? 'expired' : 'invalid'
    return (
      <LinkOutcome title={t(`confirm.${which}Title`)} text={t(`confirm.${which}Text`)}>
        <NewsletterForm source="confirm-page" />
      </LinkOutcome>
    )
  }
  return (
    <LinkOutcome title={t('confirm.failedTitle')} text={t('confirm.failedText')}>
      <button type="button" onClick={retry} className={`${buttonStyles.primary} mt-8`}>
        {t('retry')}
      </button>
    </LinkOutcome>
  )
}
