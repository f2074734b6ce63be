import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useConfig } from '../../lib/config-context'

/** The compass-rose mark, also used as the favicon. */
export function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <circle cx="16" cy="16" r="15" fill="#134746" />
      <circle cx="16" cy="16" r="11" fill="none" stroke="#a9dcd7" strokeWidth="1.2" />
      <path d="M16 4.5l3 11.5-3 11.5-3-11.5z" fill="#fcfaf6" />
      <path d="M16 4.5l3 11.5h-6z" fill="#ef6a4a" />
      <circle cx="16" cy="16" r="1.6" fill="#134746" />
    </svg>
  )
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
