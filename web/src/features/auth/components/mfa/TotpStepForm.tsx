import { useEffect, useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage, SelectField } from '../../../../components/ui/Field'
import { useFormFields } from '../../hooks/use-form-issues'
import { useTotpStep } from '../../hooks/use-totp-step'
import { validateTotpCode } from '../../validation'
import { focusCode, TotpCodeField } from './TotpCodeField'

/** The dialog's second step with the authenticator app: the 6-digit code (and which app, if several). */
export function TotpStepForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('auth')
  const step = useTotpStep()
  const { values, bind, formRef, check } = useFormFields<'code'>({ code: '' })
  const introId = useId()
  const problemId = useId()
  const { problem } = step

  // On arrival (this view loads after the dialog) and after a refused code, the field is next.
  useEffect(() => focusCode(formRef.current), [formRef])
  useEffect(() => {
    if (problem?.field === 'code') focusCode(formRef.current)
  }, [problem, formRef])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (step.busy || !check(validateTotpCode(values.code))) return
    if (await step.verify(values.code)) onVerified()
  }

  const factors = step.factors ?? []
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <p id={introId} className="text-sm leading-relaxed text-slate-600">
        {t('mfa.intro')}
      </p>
      {factors.length > 1 && (
        <SelectField label={t('mfa.factorLabel')} value={step.factorId} onChange={(event) => step.choose(event.target.value)}>
          {factors.map((factor, index) => (
            <option key={factor.id} value={factor.id}>
              {factor.friendly_name || `${t('mfa.factorLabel')} ${index + 1}`}
            </option>
          ))}
        </SelectField>
      )}
      <TotpCodeField
        label={t('mfa.codeLabel')}
        field={bind('code')}
        describedBy={introId}
        problemId={problem?.field === 'code' ? problemId : undefined}
        data-autofocus
      />
      <FormMessage id={problemId} tone="error">
        {problem ? t(`errors.${problem.key}`) : null}
      </FormMessage>
      <button type="submit" disabled={step.busy} className={`${buttonStyles.primary} w-full`}>
        {step.busy ? t('mfa.busy') : t('mfa.submit')}
      </button>
    </form>
  )
}
