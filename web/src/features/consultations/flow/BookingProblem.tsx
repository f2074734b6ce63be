import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { errorCode, isRetryable } from '../errors'
import type { Flow } from './flow-types'
import { useErrorText } from '../error-text'

/** A booking this tab cannot pay: another tab's, unknown, cancelled — always with a way on. */
export function BookingProblem({ flow, code, onRetry }: { flow: Flow; code: string; onRetry?: () => void }) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const message =
    code === 'missing_token'
      ? t('payment.missingToken')
      : code === 'cancelled'
        ? t('payment.cancelled')
        : errorText(errorCode(code))
  return (
    <div className="space-y-4">
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        {isRetryable(code) && onRetry && (
          <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <button
          type="button"
          className={buttonStyles.primary}
          onClick={() => {
            flow.updateDraft((draft) => ({ ...draft, held: null, attempt: null }))
            flow.go({ step: 'plan', plan: null, booking: null })
          }}
        >
          {t('payment.startAgain')}
        </button>
      </div>
    </div>
  )
}
