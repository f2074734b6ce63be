import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { usePlans } from '../queries'
import type { Flow } from './flow-types'
import { PlansLoadError } from './PlansLoadError'
import { StepSkeleton } from './StepSkeleton'
import { TimeForm } from './TimeForm'
import { useErrorText } from '../error-text'

/**
 * Step 2, Book Time: the calendar of free times, the booking form (docs/product.md#booking-form)
 * and the travel documents (TimeForm), once the chosen plan is known.
 */
export function TimeStep({ flow }: { flow: Flow }) {
  const plans = usePlans(flow.lang)
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  if (plans.status === 'loading') return <StepSkeleton />
  if (plans.status === 'error') return <PlansLoadError onRetry={plans.retry} />
  const plan = plans.value.find((candidate) => candidate.id === flow.location.plan)
  if (!plan) {
    return (
      <div className="space-y-4">
        <p className="form-error" role="alert">
          {errorText('invalid_plan')}
        </p>
        <button type="button" className={buttonStyles.secondary} onClick={() => flow.go({ step: 'plan', plan: null, booking: null })}>
          {t('time.changePlan')}
        </button>
      </div>
    )
  }
  return <TimeForm flow={flow} plan={plan} />
}
