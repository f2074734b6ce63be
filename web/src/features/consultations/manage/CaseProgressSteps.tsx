import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { CaseProgress } from './case-progress'

const STYLES = {
  done: 'bg-ocean-50 text-ocean-900',
  current: 'bg-ocean-800 text-white',
  upcoming: 'bg-sand-100 text-slate-700',
} as const

/** Held → opinion published → course of action sent: each step says whether it is done, next or to come. */
export function CaseProgressSteps({ progress }: { progress: CaseProgress }) {
  const { t } = useTranslation('consultations')
  return (
    <ol aria-label={t('manage.case.stepsLabel')} className="grid gap-2 sm:grid-cols-3">
      {progress.steps.map(({ step, status }, index) => (
        <li
          key={step}
          aria-current={status === 'current' ? 'step' : undefined}
          className={`flex min-h-11 items-center gap-3 rounded-2xl px-3 py-2 text-sm ${STYLES[status]}`}
        >
          <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-white text-xs font-semibold text-ocean-800">
            {status === 'done' ? <Check size={14} /> : index + 1}
          </span>
          <span>
            <span className="block font-semibold">{t(`manage.case.steps.${step}`)}</span>
            <span className="block">{t(`manage.case.status.${status}`)}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}
