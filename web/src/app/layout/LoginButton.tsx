import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { useDisclosure } from '../../components/ui/use-disclosure'
import { Icon } from '../../components/ui/Icon'

/**
 * 'Log In' (SPEC §2). Accounts arrive with a later issue; until then the
 * button honestly says so instead of pretending to sign anyone in.
 */
export function LoginButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const { rootProps, buttonProps, panelProps, close } = useDisclosure()
  return (
    <div className={`relative ${className}`} {...rootProps}>
      <button {...buttonProps} className={`${buttonStyles.primary} px-4`}>
        {t('login.button')}
      </button>
      <section {...panelProps} aria-label={t('login.comingTitle')} className="menu-panel right-0 w-72 p-5">
        <div className="flex items-start justify-between gap-3">
          <p className="font-display text-lg font-semibold text-ocean-900">{t('login.comingTitle')}</p>
          <button
            type="button"
            onClick={() => close(true)}
            aria-label={t('login.close')}
            data-menu-item
            className="icon-btn -mt-2 -mr-3"
          >
            <Icon name="x" size={18} />
          </button>
        </div>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{t('login.comingText')}</p>
      </section>
    </div>
  )
}
