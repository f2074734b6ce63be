import { useEffect, useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage } from '../../../../components/ui/Field'
import type { CodeProblem } from '../../hooks/use-code-attempt'
import { useFocusOnMount } from '../../hooks/use-focus-on-mount'
import { useFormFields } from '../../hooks/use-form-issues'
import type { ConfirmAction } from '../../hooks/use-two-factor'
import { validateTotpCode } from '../../validation'
import { focusCode, TotpCodeField } from './TotpCodeField'

interface Props {
  action: ConfirmAction
  /** The session is below aal2: a code from the app steps it up first. */
  needsCode: boolean
  busy: boolean
  problem: CodeProblem | null
  onConfirm: (code: string) => void
  onCancel: () => void
}

/** Remove an authenticator app, or replace the recovery codes: said once more, with a code when due. */
export function ConfirmPanel({ action, needsCode, busy, problem, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('auth')
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const { values, bind, formRef, check } = useFormFields<'code'>({ code: '' })
  const textId = useId()
  const problemId = useId()
  const name = action.kind === 'remove' ? action.factor.friendly_name || t('twoFactor.factorName') : ''

  // When a code is needed, its field is where the visitor starts, and returns after a refusal.
  useEffect(() => {
    if (needsCode) focusCode(formRef.current)
  }, [needsCode, formRef])
  useEffect(() => {
    if (problem?.field === 'code') focusCode(formRef.current)
  }, [problem, formRef])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || (needsCode && !check(validateTotpCode(values.code)))) return
    onConfirm(values.code)
  }

  const words =
    action.kind === 'remove'
      ? { heading: t('twoFactor.confirm.removeHeading', { name }), text: t('twoFactor.confirm.removeText'), submit: t('twoFactor.confirm.removeAction') }
      : { heading: t('twoFactor.confirm.codesHeading'), text: t('twoFactor.confirm.codesText'), submit: t('twoFactor.confirm.codesAction') }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-4 border-t border-sand-200 pt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {words.heading}
      </h3>
      <p id={textId} className="text-sm leading-relaxed text-slate-600">
        {words.text}
        {needsCode && ` ${t('twoFactor.confirm.codeNeeded')}`}
      </p>
      {needsCode && (
        <TotpCodeField
          label={t('mfa.codeLabel')}
          field={bind('code')}
          describedBy={textId}
          problemId={problem?.field === 'code' ? problemId : undefined}
        />
      )}
      <FormMessage id={problemId} tone="error">
        {problem ? t(`errors.${problem.key}`) : null}
      </FormMessage>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? t('twoFactor.confirm.busy') : words.submit}
        </button>
        <button type="button" disabled={busy} onClick={onCancel} className={buttonStyles.secondary}>
          {t('twoFactor.confirm.cancel')}
        </button>
      </div>
    </form>
  )
}
