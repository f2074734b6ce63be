import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import type { UseMutationResult } from '@tanstack/react-query'
import { ConfirmAction } from '../../components/ConfirmAction'
import { TextArea } from '../../components/TextArea'
import { useStaff } from '../../context'
import { dayIn } from '../../time'
import type { AdviceBody, BookingDetail } from '../../types'
import { ADVICE_LIMITS, checkAdvice, emptyAdvice, hasIssues, newStep, type AdviceDraft, type AdviceIssues, type StepDraft } from './advice-form'
import { StepFields } from './StepFields'

/**
 * The course of action: a summary and its steps (title, detail, due date), added and removed
 * freely. Sending mails it to the traveller at once and cannot be undone, so it is asked once
 * more after the fields are checked. The sending itself (and what it says) is the section's.
 */
export function AdviceForm({ send }: { send: UseMutationResult<BookingDetail, Error, AdviceBody> }) {
  const { t } = useTranslation('staff')
  const { zone } = useStaff()
  const [draft, setDraft] = useState<AdviceDraft>(emptyAdvice)
  const [issues, setIssues] = useState<AdviceIssues>({ byStep: {} })
  const formRef = useRef<HTMLDivElement>(null)
  // The body that passed the checks when "Send" was pressed, sent once the question is confirmed.
  const ready = useRef<AdviceBody | null>(null)

  // Once the new render is on screen: the first field to fix, or a new step's first field.
  const focusLater = (selector: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus())

  const setStep = (next: StepDraft) => setDraft((d) => ({ ...d, steps: d.steps.map((s) => (s.key === next.key ? next : s)) }))
  const addStep = () => {
    const step = newStep()
    setDraft((d) => ({ ...d, steps: [...d.steps, step] }))
    focusLater(`[data-step="${step.key}"] input`)
  }
  // The removed step's button is gone: the focus goes to "Add a step", after the steps.
  const removeStep = (key: number) => {
    setDraft((d) => ({ ...d, steps: d.steps.filter((s) => s.key !== key) }))
    focusLater('[data-add-step]')
  }

  /** The checks run when "Send" is pressed; the question comes only when there is nothing to fix. */
  const review = () => {
    const checked = checkAdvice(draft, dayIn(new Date(), zone))
    ready.current = 'body' in checked ? checked.body : null
    const problems = 'issues' in checked ? checked.issues : { byStep: {} }
    setIssues(problems)
    if (hasIssues(problems)) focusLater('[aria-invalid="true"]')
    return !hasIssues(problems)
  }

  return (
    <div ref={formRef} className="space-y-4">
      <TextArea
        label={t('advice.summary')}
        hint={t('advice.markdownHint')}
        value={draft.summary}
        onChange={(event) => setDraft((d) => ({ ...d, summary: event.target.value }))}
        state={{ invalid: Boolean(issues.summary), error: issues.summary ? t(`advice.issues.${issues.summary}`) : undefined }}
      />
      <div className="space-y-3">
        {draft.steps.map((step, index) => (
          <div key={step.key} data-step={step.key}>
            <StepFields
              step={step}
              index={index}
              issues={issues.byStep[step.key]}
              canRemove={draft.steps.length > 1}
              onChange={setStep}
              onRemove={() => removeStep(step.key)}
            />
          </div>
        ))}
      </div>
      <button type="button" data-add-step className={buttonStyles.secondary} disabled={draft.steps.length >= ADVICE_LIMITS.steps} onClick={addStep}>
        {t('advice.addStep')}
      </button>
      <p className="text-sm text-slate-600">{t('advice.steps', { count: draft.steps.length })}</p>
      <ConfirmAction
        label={t('advice.send')}
        question={t('advice.question')}
        confirm={t('advice.confirm')}
        busy={send.isPending}
        busyLabel={t('advice.sending')}
        onConfirm={() => ready.current && send.mutate(ready.current)}
        onStart={review}
      />
      {hasIssues(issues) && (
        <p role="alert" className="form-error">
          {t('advice.fix')}
        </p>
      )}
    </div>
  )
}
