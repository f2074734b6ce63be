import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { Flag } from '../../components/ui/Flag'
import { useDisclosure } from '../../components/ui/use-disclosure'
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages'
import { useLang } from '../../i18n/use-lang'
import { Icon } from '../../components/ui/Icon'
import { LanguageOptionLink } from './LanguageOptionLink'

/** Flag plus language name (name hidden on narrow screens); each option is a real link. */
export function LanguageMenu() {
  const { t } = useTranslation('navigation')
  const current = useLang()
  const { open, rootProps, buttonProps, panelProps } = useDisclosure()
  return (
    <div className="relative" {...rootProps}>
      <button
        {...buttonProps}
        aria-label={t('currentLanguage', { name: LANGUAGE_NAMES[current] })}
        className={buttonStyles.quiet}
      >
        <Flag lang={current} />
        <span className="sr-only lg:not-sr-only">{LANGUAGE_NAMES[current]}</span>
        <Icon name="chevronDown" size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul {...panelProps} className="menu-panel right-0 min-w-48">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <LanguageOptionLink lang={lang} />
          </li>
        ))}
      </ul>
    </div>
  )
}
