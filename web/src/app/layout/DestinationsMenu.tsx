import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedNavLink } from '../../components/ui/LocalizedLink'
import { useDisclosure } from '../../components/ui/use-disclosure'
import { destinationPath, PAGE_PATHS, REGION_SLUGS } from '../../lib/site-map'
import { Icon } from '../../components/ui/Icon'

/** Header dropdown with the five regions (docs/product.md#layout) and the destinations overview. */
export function DestinationsMenu() {
  const { t } = useTranslation('navigation')
  const { open, rootProps, buttonProps, panelProps } = useDisclosure()
  return (
    <div className="relative" {...rootProps}>
      <button {...buttonProps} className={buttonStyles.quiet}>
        {t('destinations')}
        <Icon name="chevronDown" size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul {...panelProps} className="menu-panel left-0">
        {REGION_SLUGS.map((slug) => (
          <li key={slug}>
            <LocalizedNavLink to={destinationPath(slug)} data-menu-item className="menu-item">
              {t(`regions.${slug}`)}
            </LocalizedNavLink>
          </li>
        ))}
        <li className="mt-1 border-t border-sand-200 pt-1">
          <LocalizedNavLink to={PAGE_PATHS.destinations} end data-menu-item className="menu-item">
            {t('allDestinations')}
          </LocalizedNavLink>
        </li>
      </ul>
    </div>
  )
}
