import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { PAGE_PATHS } from '../../lib/site-map'
import { resubscribe, unsubscribe } from './api'
import { LinkOutcome } from './components/LinkOutcome'
import { useLinkAction, useLinkToken } from './use-link-action'

type Resubscription = 'idle' | 'working' | 'done' | 'failed'

/**
 * Where every newsletter e-mail's unsubscribe link leads: one click is enough,
 * so it unsubscribes on arrival (mail scanners that only fetch the page run no
 * script, so they cannot unsubscribe anyone), then offers the way back.
 */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation('newsletter')
  useDocumentMeta({ page: 'newsletterUnsubscribe' }, useLang())
  const token = useLinkToken()
  const { result, retry } = useLinkAction('unsubscribe', token, unsubscribe)
  const [again, setAgain] = useState<Resubscription>('idle')

  const comeBack = () => {
    if (again === 'working') return
    setAgain('working')
    resubscribe(token).then(
      () => setAgain('done'),
      () => setAgain('failed'),
    )
  }

  if (result.status === 'working') return <LinkOutcome title={t('unsubscribe.working')} />
  if (again === 'done') {
    return (
      <LinkOutcome title={t('unsubscribe.resubscribedTitle')} text={t('unsubscribe.resubscribedText')}>
        <LocalizedLink to={PAGE_PATHS.home} className={`${buttonStyles.secondary} mt-8`}>
          {t('home')}
        </LocalizedLink>
      </LinkOutcome>
    )
  }
  if (result.status === 'done') {
    return (
      <LinkOutcome title={t('unsubscribe.doneTitle')} text={t('unsubscribe.doneText')}>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <button type="button" onClick={comeBack} aria-disabled={again === 'working' || undefined} className={buttonStyles.primary}>
            {again === 'working' ? t('unsubscribe.resubscribing') : t('unsubscribe.resubscribe')}
          </button>
          <LocalizedLink to={PAGE_PATHS.home} className={buttonStyles.secondary}>
            {t('home')}
          </LocalizedLink>
        </div>
        {again === 'failed' && (
          <p role="alert" className="form-error mt-4">
            {t('unsubscribe.resubscribeFailed')}
          </p>
        )}
      </LinkOutcome>
    )
  }
  if (result.code === 'invalid_token') {
    return <LinkOutcome title={t('unsubscribe.invalidTitle')} text={t('unsubscribe.invalidText')} />
  }
  return (
    <LinkOutcome title={t('unsubscribe.failedTitle')} text={t('unsubscribe.failedText')}>
      <button type="button" onClick={retry} className={`${buttonStyles.primary} mt-8`}>
        {t('retry')}
      </button>
    </LinkOutcome>
  )
}
