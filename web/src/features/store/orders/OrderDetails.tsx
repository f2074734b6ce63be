import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import type { OrderCredentials } from '../checkout/api'
import { OrderSummary } from '../checkout/components/OrderSummary'
import { formatDate } from '../checkout/format'
import type { Address, Order } from '../types'
import { Downloads } from './Downloads'
import { StatusBadge } from './StatusBadge'

interface Props {
  order: Order
  credentials: OrderCredentials
  lang: Lang
  announce: (message: string) => void
}

function regionName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

function AddressLines({ address, lang }: { address: Address; lang: Lang }) {
  const cityLine = [address.postal_code, address.city, address.region].filter(Boolean).join(' ')
  return (
    <address className="not-italic leading-relaxed">
      {[address.name, address.line1, address.line2, cityLine, regionName(address.country, lang), address.phone].filter(Boolean).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}

/** One order as its page shows it: number, status, lines, totals, where it goes, tracking and downloads. */
export function OrderDetails({ order, credentials, lang, announce }: Props) {
  const { t } = useTranslation('checkout')
  const payment = order.payment
  return (
    <div className="space-y-6">
      <section aria-labelledby="order-heading" className="card space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="order-heading" className="text-2xl font-semibold text-ocean-900">
              {t('order.number', { number: order.number })}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('order.placedOn', { date: formatDate(order.created_at, lang) })}</p>
          </div>
          <StatusBadge status={order.status} />
        </div>
        {payment?.provider === 'sandbox' && order.status !== 'pending_payment' && (
          <p className="test-mode-notice">
            <span>
              <strong className="font-semibold text-coral-700">{t('payment.testModeLabel')}</strong> {t('order.testMode')}
            </span>
          </p>
        )}
        {payment?.card_brand && payment.card_last4 && (
          <p className="text-sm text-slate-600">
            {t('order.paidWith', { brand: payment.card_brand.charAt(0).toUpperCase() + payment.card_brand.slice(1), last4: payment.card_last4 })}
          </p>
        )}
        <OrderSummary
          headingId="order-items"
          heading={t('order.items')}
          level={3}
          lines={order.lines}
          totals={{ status: 'ready', value: order.totals, updating: false }}
          shipping={order.shipping_method || order.totals.shipping_cents > 0 ? 'shown' : 'hidden'}
          currency={order.totals.currency}
          lang={lang}
        />
      </section>

      {order.downloads.length > 0 && (
        <section aria-labelledby="order-downloads" className="card">
          <h2 id="order-downloads" className="text-xl font-semibold text-ocean-900">
            {t('downloads.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('downloads.intro')}</p>
          <Downloads orderId={order.id} downloads={order.downloads} credentials={credentials} lang={lang} announce={announce} />
        </section>
      )}

      {(order.shipping || order.tracking) && (
        <section aria-labelledby="order-shipping" className="card space-y-4">
          <h2 id="order-shipping" className="text-xl font-semibold text-ocean-900">
            {t('order.shipTo')}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2">
            {order.shipping && <AddressLines address={order.shipping} lang={lang} />}
            <dl className="space-y-3">
              {order.shipping_method && (
                <div>
                  <dt className="text-sm font-semibold text-ocean-900">{t('order.method')}</dt>
                  <dd>{order.shipping_method.name}</dd>
                </div>
              )}
              {order.tracking && (
                <div>
                  <dt className="text-sm font-semibold text-ocean-900">{t('order.tracking')}</dt>
                  <dd>{t('order.trackingNumber', { carrier: order.tracking.carrier, number: order.tracking.number })}</dd>
                </div>
              )}
            </dl>
          </div>
        </section>
      )}
    </div>
  )
}
