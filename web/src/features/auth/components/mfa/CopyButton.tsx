import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { copyText } from './copy-text'

/** A button that copies `text`, and says (politely, beside it) whether it could. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('auth')
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null)
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={buttonStyles.secondary} onClick={async () => setOutcome((await copyText(text)) ? 'copied' : 'failed')}>
        {label}
      </button>
      <output className="text-sm text-slate-600">
        {outcome === 'copied' ? t('twoFactor.copied') : outcome === 'failed' ? t('twoFactor.copyFailed') : ''}
      </output>
    </span>
  )
}
