import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { STEPS, type Step } from './flow-state'

/** The booking progress (docs/product.md#booking-flow): Select Plan → Book Time → Payment → Confirmation. */
export function StepProgress({ step }: { step: Step }) {
  const { t } = useTranslation('consultations')
  const current = STEPS.indexOf(step)
  return (
    <nav aria-label={t('steps.label')} className="mt-6">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STEPS.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo'
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold ${
                state === 'current' ? 'bg-ocean-800 text-white' : state === 'done' ? 'bg-ocean-50 text-ocean-900' : 'bg-sand-100 text-slate-700'
              }`}
            >
              <span
                aria-hidden="true"
                className={`grid size-6 shrink-0 place-items-center rounded-full text-xs ${state === 'current' ? 'bg-white text-ocean-900' : 'bg-white text-ocean-800'}`}
              >
                {state === 'done' ? <Check size={14} /> : index + 1}
              </span>
              {t(`steps.${name}`)}
              {state === 'done' && <span className="sr-only">{t('steps.done')}</span>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
