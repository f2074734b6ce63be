import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useLang } from '../../../i18n/use-lang'
import { answerOf } from '../../../lib/query/answer'
import { formatDate, formatMoney } from '../checkout/format'
import { STORE_PATH, orderPath } from '../checkout/paths'
import { useMyOrders } from '../checkout/queries'
import { useAnnouncer } from '../checkout/use-announcer'
import { Downloads } from './Downloads'
import { StatusBadge } from './StatusBadge'

/**
 * "My orders" on the account page: GET store/orders with the session, newest first, each
 * with its number, date, status and total, a link to its page, and the downloads of the paid
 * digital ones.
 */
export function MyOrders({ accessToken }: { accessToken: string }) {
  const { t } = useTranslation('checkout')
  const lang = useLang()
  const orders = answerOf(useMyOrders(accessToken))
  const credentials = useMemo(() => ({ authToken: accessToken }), [accessToken])
  const { announcement, announce } = useAnnouncer()

  return (
    <section aria-labelledby="my-orders-heading" className="card" aria-busy={orders.status === 'loading' || undefined}>
      <h2 id="my-orders-heading" className="text-2xl font-semibold">
        {t('account.heading')}
      </h2>
      {orders.status === 'loading' && <output className="mt-4 block min-h-12 text-slate-600">{t('account.loading')}</output>}
      {orders.status === 'error' && (
        <div className="form-error mt-4 flex flex-wrap items-center gap-3" role="alert">
          {t('account.error')}
          <button type="button" className="link-button" onClick={orders.retry}>
            {t('account.retry')}
          </button>
        </div>
      )}
      {orders.status === 'ready' && orders.value.length === 0 && (
        <div className="mt-4 space-y-4">
          <p className="text-slate-600">{t('account.empty')}</p>
          <LocalizedLink to={STORE_PATH} className={buttonStyles.primary}>
            {t('account.toStore')}
          </LocalizedLink>
        </div>
      )}
      {orders.status === 'ready' && orders.value.length > 0 && (
        <ul className="mt-4 divide-y divide-sand-200">
          {orders.value.map((order) => (
            <li key={order.id} className="space-y-3 py-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 className="font-semibold text-ocean-900">{t('order.number', { number: order.number })}</h3>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <span>{formatDate(order.created_at, lang)}</span>
                    <span aria-hidden="true">·</span>
                    <span className="tabular-nums">{formatMoney(order.totals.total_cents, order.totals.currency, lang)}</span>
                    <StatusBadge status={order.status} />
                  </p>
                </div>
                <LocalizedLink
                  to={orderPath(order.id)}
                  className={buttonStyles.secondary}
                  aria-label={t('account.openLabel', { number: order.number })}
                >
                  {t('account.open')}
                </LocalizedLink>
              </div>
              {order.downloads.length > 0 && (
                <div className="rounded-2xl bg-sand-50 px-4">
                  <h4 className="sr-only">{t('account.downloads')}</h4>
                  <Downloads orderId={order.id} downloads={order.downloads} credentials={credentials} lang={lang} announce={announce} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <output aria-live="polite" className="sr-only">
        {announcement}
      </output>
    </section>
  )
}
