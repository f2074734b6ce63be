import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedNavLink } from '../../components/ui/LocalizedLink'
import { useAuth } from '../../features/auth/hooks/use-auth'
import { SubscribeLink } from '../../features/newsletter/components/SubscribeLink'
import { LANGUAGES } from '../../i18n/languages'
import { destinationPath, PAGE_PATHS, REGION_SLUGS } from '../../lib/site-map'
import { LanguageOptionLink } from './LanguageOptionLink'
import { LoginButton } from './LoginButton'

/** Every header destination, localized; the disclosure around it handles focus and closing. */
export default function MobileMenuPanel() {
  const { t } = useTranslation('navigation')
  const navRef = useRef<HTMLElement>(null)
  const { user, loading } = useAuth()
  // The panel mounts on every opening (and its code may arrive late): focus goes to its first link.
  useEffect(() => navRef.current?.querySelector<HTMLElement>('[data-menu-item]')?.focus(), [])
  return (
    <nav ref={navRef} aria-label={t('menu')} className="mx-auto max-w-6xl px-4 py-4">
      <ul className="space-y-1">
        <li>
          <LocalizedNavLink to={PAGE_PATHS.home} end data-menu-item className="menu-item text-base">
            {t('home')}
          </LocalizedNavLink>
        </li>
        {(['blog', 'store'] as const).map((page) => (
          <li key={page}>
            <LocalizedNavLink to={PAGE_PATHS[page]} data-menu-item className="menu-item text-base">
              {t(page)}
            </LocalizedNavLink>
          </li>
        ))}
        <li>
          <LocalizedNavLink to={PAGE_PATHS.destinations} end data-menu-item className="menu-item text-base">
            {t('destinations')}
          </LocalizedNavLink>
          <ul className="ml-4 border-l border-sand-200 pl-2">
            {REGION_SLUGS.map((slug) => (
              <li key={slug}>
                <LocalizedNavLink to={destinationPath(slug)} data-menu-item className="menu-item">
                  {t(`regions.${slug}`)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <LocalizedNavLink to={PAGE_PATHS.help} data-menu-item className="menu-item text-base">
            {t('help')}
          </LocalizedNavLink>
        </li>
        <li>
          <SubscribeLink data-menu-item className="menu-item text-base">
            {t('subscribe')}
          </SubscribeLink>
        </li>
      </ul>
      <div className="mt-4 border-t border-sand-200 pt-4">
        <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('language')}</p>
        <ul className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-3">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <LanguageOptionLink lang={lang} />
            </li>
          ))}
        </ul>
      </div>
      {/* Signed in, the avatar menu stays in the header at every width. */}
      {!user && !loading && <LoginButton className="mt-4 sm:hidden" />}
    </nav>
  )
}
