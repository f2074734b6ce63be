import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useDisclosure } from '../../components/ui/use-disclosure'
import { Icon } from '../../components/ui/Icon'

// The panel's code loads on the first tap: most visitors never open it.
const MobileMenuPanel = lazy(() => import('./MobileMenuPanel'))

/** The hamburger menu for screens under 768px (the breakpoint of docs/product.md#constants). */
export function MobileMenu() {
  const { t } = useTranslation('navigation')
  const { open, rootProps, buttonProps, panelProps } = useDisclosure()
  return (
    <div className="md:hidden" {...rootProps}>
      <button
        {...buttonProps}
        aria-label={open ? t('closeMenu') : t('openMenu')}
        className="grid size-11 place-items-center rounded-full text-ocean-900 hover:bg-sand-100"
      >
        <Icon name={open ? 'x' : 'menu'} />
      </button>
      <div
        {...panelProps}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-sand-200 bg-sand-50 shadow-lift"
      >
        {open && (
          <Suspense fallback={null}>
            <MobileMenuPanel />
          </Suspense>
        )}
      </div>
    </div>
  )
}
