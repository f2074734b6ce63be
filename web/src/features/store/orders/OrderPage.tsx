import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PageIntro } from '../../../components/ui/PageIntro'
import type { Lang } from '../../../i18n/languages'
import { useLang } from '../../../i18n/use-lang'
import { isApiError } from '../../../lib/api-client'
import { useDocumentMeta } from '../../../lib/document-meta'
import { PAGE_PATHS } from '../../../lib/site-map'
import NotFoundPage from '../../not-found/NotFoundPage'
import { useAuth } from '../../auth/hooks/use-auth'
import type { OrderCredentials } from '../checkout/api'
import { CheckoutSkeleton } from '../checkout/components/CheckoutSkeleton'
import { useCheckoutErrorText } from '../checkout/error-text'
import { useNoIndex } from '../checkout/noindex'
import { orderTokenFor, pendingOrder, rememberOrderToken } from '../checkout/order-store'
import { CHECKOUT_PATH, isOrderId, STORE_PATH } from '../checkout/paths'
import { useOrderQuery } from '../checkout/queries'
import { useAnnouncer } from '../checkout/use-announcer'
import { OrderDetails } from './OrderDetails'

/**
 * /store/orders/{id}?token=… (noindex): a store order's private page, reached from the receipt
 * e-mail (its private key in `token`) or as the signed-in owner. The key moves at once from
 * the address to this tab's storage and the `X-Order-Token` header: the address bar, the
 * history and analytics never keep it.
 */
export default function OrderPage() {
  const { id } = useParams()
  const lang = useLang()
  useDocumentMeta({ page: 'storeOrder' }, lang)
  useNoIndex()
  if (!isOrderId(id)) return <NotFoundPage />
  return <OrderView key={id} id={id} lang={lang} />
}

function OrderView({ id, lang }: { id: string; lang: Lang }) {
  const { t } = useTranslation('checkout')
  // The messages of errors:codes load with the page, not when a button fails.
  useTranslation('errors')
  const errorText = useCheckoutErrorText()
  const [params] = useSearchParams()
  const { pathname, hash, state } = useLocation()
  const navigate = useNavigate()
  const linkToken = params.get('token')
  // Kept in memory too, for a tab whose storage is off: the address loses it right away.
  const [token] = useState(() => linkToken || orderTokenFor(id))
  useEffect(() => {
    if (!linkToken) return
    rememberOrderToken(id, linkToken)
    const rest = new URLSearchParams(params)
    rest.delete('token')
    const search = rest.size > 0 ? `?${rest}` : ''
    void navigate({ pathname, search, hash }, { replace: true, state })
  }, [id, linkToken, params, pathname, hash, state, navigate])

  const { session, loading: authLoading } = useAuth()
  const authToken = session?.access_token ?? null
  const credentials: OrderCredentials = useMemo(() => ({ orderToken: token, authToken }), [token, authToken])
  const canAsk = Boolean(token || authToken)
  const query = useOrderQuery(id, credentials, canAsk)
  const { announcement, announce } = useAnnouncer()
  const justPaid = (state as { paid?: boolean } | null)?.paid === true
  const thanksRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (justPaid && query.data) thanksRef.current?.focus()
  }, [justPaid, query.data])

  let body
  if ((!token && authLoading) || (canAsk && query.isPending)) body = <CheckoutSkeleton single />
  else if (!canAsk) body = <Problem message={errorText('missing_token')} />
  else if (query.isError && !query.isFetching) {
    // Refused (404 `order_not_found` for a wrong link, a session that ended…) is said once; no
    // answer or a server failure can be tried again.
    const error = isApiError(query.error) ? query.error : null
    const refused = error !== null && error.status >= 400 && error.status < 500
    body = <Problem message={errorText(error ?? 'unexpected')} onRetry={refused ? undefined : () => void query.refetch()} />
  } else if (query.data) {
    const order = query.data
    body = (
      <div className="space-y-6">
        {justPaid && order.status !== 'pending_payment' && (
          <p ref={thanksRef} tabIndex={-1} className="form-success focus:outline-none">
            {t('order.thanks', { email: order.email })}
          </p>
        )}
        {order.status === 'pending_payment' && (
          <div className="card flex flex-wrap items-center justify-between gap-3">
            <p>{t('order.pending')}</p>
            {pendingOrder()?.id === order.id && (
              <LocalizedLink to={CHECKOUT_PATH} className={buttonStyles.primary}>
                {t('order.finishPaying')}
              </LocalizedLink>
            )}
          </div>
        )}
        {order.status === 'canceled' && <p className="form-error">{t('order.canceled')}</p>}
        <OrderDetails order={order} credentials={credentials} lang={lang} announce={announce} />
        <div className="flex flex-wrap gap-3">
          <LocalizedLink to={STORE_PATH} className={buttonStyles.secondary}>
            {t('order.toStore')}
          </LocalizedLink>
          {authToken && (
            <LocalizedLink to={PAGE_PATHS.account} className={buttonStyles.secondary}>
              {t('order.toAccount')}
            </LocalizedLink>
          )}
        </div>
      </div>
    )
  } else body = <CheckoutSkeleton single />

  return (
    <article className="pb-16">
      <PageIntro title={t('order.title')} intro={t('order.intro')} />
      <div className="mx-auto max-w-3xl px-4">{body}</div>
      <output aria-live="polite" className="sr-only">
        {announcement}
      </output>
    </article>
  )
}

function Problem({ message, onRetry }: { message: string; onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation('checkout')
  return (
    <div className="card space-y-4">
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        {onRetry && (
          <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
            {t('page.retry')}
          </button>
        )}
        <LocalizedLink to={STORE_PATH} className={buttonStyles.primary}>
          {t('order.toStore')}
        </LocalizedLink>
      </div>
    </div>
  )
}
