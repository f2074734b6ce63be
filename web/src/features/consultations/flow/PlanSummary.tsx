import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Plan } from '../../../lib/api/types'
import { formatMoney } from '../money'
import { formatDuration } from '../time'
import type { Flow } from './flow-types'

/** The chosen plan above the form, and the way back to the plans. */
export function PlanSummary({ flow, plan }: { flow: Flow; plan: Plan }) {
  const { t } = useTranslation('consultations')
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-ocean-50 px-5 py-4">
      <p className="text-ocean-900">
        <span className="block font-semibold">{plan.name}</span>
        {t('time.planSummary', { duration: formatDuration(plan.duration_minutes, flow.lang), price: formatMoney(plan.price_cents, plan.currency, flow.lang) })}
      </p>
      <button type="button" className={buttonStyles.secondary} onClick={() => flow.go({ step: 'plan', plan: plan.id, booking: null })}>
        {t('time.changePlan')}
      </button>
    </div>
  )
}
