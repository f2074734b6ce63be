import { Languages } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { buttonStyles } from '../../components/ui/button-styles'
import { Flag } from '../../components/ui/Flag'
import type { Lang } from '../../i18n/languages'
import { STORAGE_KEYS, writeStored } from '../../lib/storage'
import { useLanguageSwitch } from '../../i18n/use-language-switch'

interface Props {
  lang: Lang
  onClose: () => void
}

/** "Prefer to read in Spanish?", written in the suggested language so the visitor can read it. */
export default function LanguageSuggestion({ lang, onClose }: Props) {
  const { t } = useTranslation('common', { lng: lang })
  const navigate = useNavigate()
  const { pathFor, remember } = useLanguageSwitch()
  const titleId = useId()

  const accept = () => {
    remember(lang)
    onClose()
    void navigate(pathFor(lang))
  }
  const dismiss = () => {
    writeStored(STORAGE_KEYS.langSuggestion, 'dismissed')
    onClose()
  }

  return (
    <section
      lang={lang}
      aria-labelledby={titleId}
      className="floating-card inset-x-3 top-20 z-30 sm:inset-x-auto sm:right-6 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <Languages aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-ocean-700" />
        <div className="grow">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
            {t('languageSuggestion.title')} <Flag lang={lang} />
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('languageSuggestion.text')}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={dismiss}>
          {t('languageSuggestion.dismiss')}
        </button>
        <button type="button" className={buttonStyles.primary} onClick={accept}>
          {t('languageSuggestion.accept')}
        </button>
      </div>
    </section>
  )
}
