import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { useFocusOnMount } from '../../hooks/use-focus-on-mount'
import { CopyButton } from './CopyButton'
import { downloadText } from './copy-text'

interface Props {
  codes: string[]
  email: string
  onDone: () => void
}

/** The new recovery codes, shown this once: copy them, download them, then say they are saved. */
export function RecoveryCodesPanel({ codes, email, onDone }: Props) {
  const { t } = useTranslation('auth')
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const listed = codes.join('\n')
  const file = `${t('twoFactor.codes.fileTitle', { email })}\n\n${listed}\n`

  return (
    <div className="mt-6 space-y-4 border-t border-sand-200 pt-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('twoFactor.codes.heading')}
      </h3>
      <p className="text-sm leading-relaxed text-slate-600">{t('twoFactor.codes.intro')}</p>
      <p className="rounded-xl border-2 border-coral-600 bg-coral-50 px-4 py-3 text-sm font-medium text-ocean-900">{t('twoFactor.codes.warning')}</p>
      <ol aria-label={t('twoFactor.codes.listLabel')} className="grid grid-cols-2 gap-x-6 gap-y-2 font-mono text-base text-ocean-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={listed} label={t('twoFactor.codes.copy')} />
        <button type="button" className={buttonStyles.secondary} onClick={() => downloadText(t('twoFactor.codes.fileName'), file)}>
          {t('twoFactor.codes.download')}
        </button>
      </div>
      <button type="button" className={buttonStyles.primary} onClick={onDone}>
        {t('twoFactor.codes.done')}
      </button>
    </div>
  )
}
