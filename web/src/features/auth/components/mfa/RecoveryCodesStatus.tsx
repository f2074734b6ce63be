import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'

interface Props {
  /** Unused codes left, or null while unknown. */
  left: number | null
  busy: boolean
  onGenerate: () => void
}

/** With two-step verification on: how many recovery codes are left, and a new set on request. */
export function RecoveryCodesStatus({ left, busy, onGenerate }: Props) {
  const { t } = useTranslation('auth')
  const hintId = useId()
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">{t('twoFactor.codes.heading')}</h3>
      {left !== null && <p className="mt-2 text-ocean-900">{t('twoFactor.codes.left', { number: String(left) })}</p>}
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('twoFactor.codes.generateHint')}
      </p>
      <button type="button" disabled={busy} aria-describedby={hintId} onClick={onGenerate} className={`${buttonStyles.secondary} mt-3`}>
        {busy ? t('twoFactor.codes.generating') : t('twoFactor.codes.generate')}
      </button>
    </div>
  )
}
