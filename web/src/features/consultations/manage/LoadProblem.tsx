import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'
import { errorCode, isRetryable } from '../errors'
import { useErrorText } from '../error-text'

/** A booking the page cannot show (no link token, unknown, no answer), with a way on. */
export function LoadProblem({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const message = code === 'missing_token' ? t('manage.needLinkToView') : errorText(errorCode(code))
  return (
    <div className="space-y-4">
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        {isRetryable(code) && (
          <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <LocalizedLink to={PAGE_PATHS.help} className={buttonStyles.primary}>
          {t('manage.bookNew')}
        </LocalizedLink>
      </div>
    </div>
  )
}
