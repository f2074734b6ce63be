import { Clock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { formatMoney } from '../money'
import { usePlans } from '../queries'
import { formatDuration } from '../time'
import type { Plan } from '../../../lib/api/types'
import type { Flow } from './flow-types'
import { PlansLoadError } from './PlansLoadError'
import { StepSkeleton } from './StepSkeleton'

/** Step 1, Select Plan: the plans from the database, the recommended one marked (docs/product.md#plans). */
export function PlanStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation('consultations')
  const plans = usePlans(flow.lang)
  if (plans.status === 'loading') return <StepSkeleton cards />
  if (plans.status === 'error') return <PlansLoadError onRetry={plans.retry} />

  const choose = (plan: Plan) => {
    flow.updateDraft((draft) => (draft.plan === plan.id ? draft : { ...draft, plan: plan.id, slot: null }))
    flow.go({ step: 'time', plan: plan.id, booking: null })
  }
  const chosen = flow.location.plan ?? flow.draft.plan

  return (
    <ul className="grid gap-5 pt-3 md:grid-cols-3">
      {plans.value.map((plan) => {
        const nameId = `plan-${plan.id}-name`
        return (
          <li key={plan.id} className="flex">
            <article
              aria-labelledby={nameId}
              className={`relative flex w-full flex-col rounded-3xl border bg-white p-6 shadow-soft ${
                plan.recommended ? 'border-coral-600 ring-2 ring-coral-600' : 'border-sand-200'
              }`}
            >
              {plan.recommended && (
                <p className="absolute -top-3 left-6 rounded-full bg-coral-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
                  {t('plans.recommended')}
                </p>
              )}
              <h4 id={nameId} className="text-2xl font-semibold">
                {plan.name}
              </h4>
              <p className="mt-2 flex items-center gap-2 text-sm font-medium text-slate-600">
                <Clock aria-hidden="true" size={16} />
                {formatDuration(plan.duration_minutes, flow.lang)}
              </p>
              <p className="mt-4 grow leading-relaxed text-slate-700">{plan.description}</p>
              <p className="mt-6">
                <span className="font-display text-4xl font-semibold text-ocean-900">{formatMoney(plan.price_cents, plan.currency, flow.lang)}</span>{' '}
                <span className="text-sm text-slate-600">{t('plans.perSession')}</span>
              </p>
              <button
                type="button"
                onClick={() => choose(plan)}
                className={`${plan.recommended || chosen === plan.id ? buttonStyles.primary : buttonStyles.secondary} mt-6 w-full`}
              >
                {chosen === plan.id ? t('plans.continueWith', { plan: plan.name }) : t('plans.choose', { plan: plan.name })}
              </button>
            </article>
          </li>
        )
      })}
    </ul>
  )
}
