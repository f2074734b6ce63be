import { useEffect, useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage } from '../../../../components/ui/Field'
import type { CodeProblem } from '../../hooks/use-code-attempt'
import { useFocusOnMount } from '../../hooks/use-focus-on-mount'
import { useFormFields } from '../../hooks/use-form-issues'
import { validateTotpCode } from '../../validation'
import { CopyButton } from './CopyButton'
import { groupSecret, qrImageSource } from './copy-text'
import { focusCode, TotpCodeField } from './TotpCodeField'

interface Props {
  qrCode: string
  secret: string
  busy: boolean
  problem: CodeProblem | null
  onConfirm: (code: string) => void
  onCancel: () => void
}

/** Setting up: the QR code and its key for the authenticator app, then the app's first code. */
export function SetupPanel({ qrCode, secret, busy, problem, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('auth')
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const { values, bind, formRef, check } = useFormFields<'code'>({ code: '' })
  const hintId = useId()
  const problemId = useId()

  // After a refused code, the field is where the visitor types the next one.
  useEffect(() => {
    if (problem?.field === 'code') focusCode(formRef.current)
  }, [problem, formRef])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !check(validateTotpCode(values.code))) return
    onConfirm(values.code)
  }

  return (
    <div className="mt-6 space-y-4 border-t border-sand-200 pt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('twoFactor.setup.heading')}
      </h3>
      <p className="text-sm leading-relaxed text-slate-600">{t('twoFactor.setup.scan')}</p>
      <img
        src={qrImageSource(qrCode)}
        alt={t('twoFactor.setup.qrAlt')}
        width={200}
        height={200}
        className="size-[200px] rounded-lg border border-sand-200 bg-white p-2"
      />
      <p className="text-sm text-slate-600">{t('twoFactor.setup.manual')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="font-mono text-base break-all text-ocean-900">
          {groupSecret(secret)}
        </code>
        <CopyButton text={secret} label={t('twoFactor.setup.copyKey')} />
      </div>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        <p id={hintId} className="text-sm text-slate-600">
          {t('twoFactor.setup.codeHint')}
        </p>
        <TotpCodeField
          label={t('mfa.codeLabel')}
          field={bind('code')}
          describedBy={hintId}
          problemId={problem?.field === 'code' ? problemId : undefined}
        />
        <FormMessage id={problemId} tone="error">
          {problem ? t(`errors.${problem.key}`) : null}
        </FormMessage>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {busy ? t('twoFactor.setup.confirming') : t('twoFactor.setup.confirm')}
          </button>
          <button type="button" disabled={busy} onClick={onCancel} className={buttonStyles.secondary}>
            {t('twoFactor.setup.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
}
