import { ChevronDown, LogOut, Settings } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useDisclosure } from '../../../components/ui/use-disclosure'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import { PAGE_PATHS } from '../../../lib/site-map'
import { loadAuthClient } from '../api/client-loader'
import { displayName } from '../display-name'
import { useAuth } from '../hooks/use-auth'
import { useProfile } from '../api/profile-queries'
import { Avatar } from './Avatar'

/**
 * The avatar menu (docs/product.md#layout): the display name, the e-mail, Settings (the account
 * page) and Sign out, which says 'Signing out...' while it works and then
 * goes home. Same disclosure pattern as the other header menus.
 */
export default function AccountMenu() {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const navigate = useNavigate()
  const { user, session } = useAuth()
  const { profile } = useProfile(user?.id, session?.access_token)
  const { open, rootProps, buttonProps, panelProps } = useDisclosure({ focusFirstOnOpen: true })
  const [signingOut, setSigningOut] = useState(false)
  const name = displayName(profile, user, t('user'))

  const signOut = async () => {
    setSigningOut(true)
    try {
      // This browser only: "sign out everywhere" belongs to the account page. auth-js clears the
      // local session even when the server answers 401, 403 or 404 (docs/product.md#sign-out).
      const client = await loadAuthClient()
      await client.signOut({ scope: 'local' })
    } finally {
      setSigningOut(false)
      void navigate(localizedPath('/', lang))
    }
  }

  return (
    <div className="relative" {...rootProps}>
      <button {...buttonProps} aria-label={t('menu.label', { name })} className="btn-quiet px-1.5 sm:pr-3">
        <Avatar name={name} url={profile?.avatar_url} />
        <span className="hidden max-w-36 truncate lg:inline">{name}</span>
        <ChevronDown size={16} aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div {...panelProps} className="menu-panel right-0 w-72">
        <div className="flex items-center gap-3 border-b border-sand-200 px-3 pt-2 pb-3">
          <Avatar name={name} url={profile?.avatar_url} size={44} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-ocean-900">{name}</p>
            <p className="truncate text-sm text-slate-600">{user?.email}</p>
          </div>
        </div>
        <ul className="pt-2">
          <li>
            <LocalizedLink to={PAGE_PATHS.account} data-menu-item className="menu-item">
              <Settings size={18} aria-hidden="true" />
              {t('menu.settings')}
            </LocalizedLink>
          </li>
          <li>
            <button type="button" data-menu-item disabled={signingOut} onClick={signOut} className="menu-item">
              <LogOut size={18} aria-hidden="true" />
              {signingOut ? t('menu.signingOut') : t('menu.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
