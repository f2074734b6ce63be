import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedNavLink } from '../../components/ui/LocalizedLink'
import { AccountSlot } from '../../features/auth/components/AccountSlot'
import { SubscribeLink } from '../../features/newsletter/components/SubscribeLink'
import { PAGE_PATHS } from '../../lib/site-map'
import { CartButton } from './CartButton'
import { DestinationsMenu } from './DestinationsMenu'
import { LanguageMenu } from './LanguageMenu'
import { LoginButton } from './LoginButton'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'

const navLink = 'btn-quiet nav-link'

/** Sticky header (docs/product.md#layout): logo, main links, destinations, language, cart, log in or avatar menu, mobile menu. */
export function Header() {
  const { t } = useTranslation('navigation')
  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-sand-50/95 backdrop-blur-sm">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Logo />
        <nav aria-label={t('mainNav')} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <LocalizedNavLink to={PAGE_PATHS.blog} className={navLink}>
                {t('blog')}
              </LocalizedNavLink>
            </li>
            <li>
              <LocalizedNavLink to={PAGE_PATHS.store} className={navLink}>
                {t('store')}
              </LocalizedNavLink>
            </li>
            <li>
              <DestinationsMenu />
            </li>
            <li>
              <LocalizedNavLink to={PAGE_PATHS.help} className={navLink}>
                {t('help')}
              </LocalizedNavLink>
            </li>
            <li className="hidden lg:block">
              <SubscribeLink className={buttonStyles.quiet}>{t('subscribe')}</SubscribeLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageMenu />
          <CartButton />
          <AccountSlot signedOut={<LoginButton className="hidden sm:inline-flex" />} />
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
