import logoMark from '../../assets/logo-mark.svg'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useConfig } from '../../lib/config-context'

/** The compass-rose mark (the same file is the favicon), an image so the shared script stays small. */
export function LogoMark({ className = '' }: { className?: string }) {
  return <img src={logoMark} width="32" height="32" alt="" className={className} />
}

export function Logo() {
  const { t } = useTranslation('navigation')
  const { siteName } = useConfig()
  return (
    <LocalizedLink
      to="/"
      aria-label={t('logoLabel')}
      className="flex shrink-0 items-center gap-2 rounded-full py-1 pr-2 font-display text-2xl font-semibold text-ocean-900"
    >
      <LogoMark />
      <span>{siteName}</span>
    </LocalizedLink>
  )
}
