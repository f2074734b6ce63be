import { useTranslation } from 'react-i18next'
import { TextField } from '../../../../components/ui/Field'
import { TextArea } from '../../components/TextArea'
import type { StepDraft, StepField, StepIssue } from './advice-form'

interface Props {
  step: StepDraft
  index: number
  issues: Partial<Record<StepField, StepIssue>> | undefined
  canRemove: boolean
  onChange: (step: StepDraft) => void
  onRemove: () => void
}

/** One step of the course of action, in a fieldset named by its number, with its own Remove. */
export function StepFields({ step, index, issues, canRemove, onChange, onRemove }: Props) {
  const { t } = useTranslation('staff')
  const issueText = (issue: StepIssue | undefined) => (issue ? t(`advice.issues.${issue}`) : undefined)
  const legend = t('advice.step', { number: index + 1 })
  return (
    <fieldset className="space-y-3 rounded-2xl border border-sand-200 p-4">
      <legend className="px-1 font-semibold text-ocean-900">{legend}</legend>
      <TextField
        label={t('advice.stepTitle')}
        value={step.title}
        onChange={(event) => onChange({ ...step, title: event.target.value })}
        state={{ invalid: Boolean(issues?.title), error: issueText(issues?.title) }}
      />
      <TextArea
        label={t('advice.stepDetail')}
        hint={t('advice.markdownHint')}
        value={step.detail}
        className="min-h-24"
        onChange={(event) => onChange({ ...step, detail: event.target.value })}
      />
      <TextField
        label={t('advice.stepDue')}
        type="date"
        value={step.due_date}
        onChange={(event) => onChange({ ...step, due_date: event.target.value })}
        state={{ invalid: Boolean(issues?.due_date), error: issueText(issues?.due_date) }}
      />
      {canRemove && (
        <button type="button" className="link-button" onClick={onRemove}>
          {t('advice.removeStep', { number: index + 1 })}
        </button>
      )}
    </fieldset>
  )
}
