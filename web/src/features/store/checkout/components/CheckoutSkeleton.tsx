import { useTranslation } from 'react-i18next'

/** The page's shape while the cart or the order loads, so nothing jumps when it arrives. */
export function CheckoutSkeleton({ single = false }: { single?: boolean }) {
  const { t } = useTranslation('checkout')
  return (
    <output className="block">
      <span className="sr-only">{t('page.loading')}</span>
      <div aria-hidden="true" className={single ? 'space-y-6' : 'grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]'}>
        <div className="space-y-6">
          <div className="h-44 rounded-3xl bg-sand-100 motion-safe:animate-pulse" />
          <div className="h-80 rounded-3xl bg-sand-100 motion-safe:animate-pulse" />
        </div>
        {!single && <div className="h-96 rounded-3xl bg-sand-100 motion-safe:animate-pulse" />}
      </div>
    </output>
  )
}
