import { ShoppingBag } from 'lucide-react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PageIntro } from '../../../components/ui/PageIntro'
import type { Lang } from '../../../i18n/languages'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import { track } from '../../../lib/analytics'
import { useDocumentMeta } from '../../../lib/document-meta'
import { isApiError } from '../../../lib/api-client'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { useAuth } from '../../auth/hooks/use-auth'
import { clearCartAfterOrder } from './cart-token'
import { CheckoutForm } from './CheckoutForm'
import { CheckoutSkeleton } from './components/CheckoutSkeleton'
import { useCheckoutErrorText } from './error-text'
import { commerceItems, dollars } from './format'
import { useNoIndex } from './noindex'
import { firstPurchaseOf, forgetPendingOrder, pendingOrder, rememberPendingOrder, type PendingOrder } from './order-store'
import { orderPath, STORE_PATH } from './paths'
import { isPaid } from './order-status'
import { checkoutKeys, useCheckoutCart } from './queries'
import type { Order } from '../types'
import { useAnnouncer } from './use-announcer'

// The payment comes after the order is placed: its code (the card form, Stripe) loads then.
const OrderPayment = lazy(() => import('./OrderPayment'))

/**
 * /store/checkout (noindex): the cart's checkout, then the payment of the order it placed. An
 * order being paid is kept for this tab (order-store.ts), so a reload comes back to its payment.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('checkout')
  const lang = useLang()
  useDocumentMeta({ page: 'storeCheckout' }, lang)
  useNoIndex()
  const { announcement, announce } = useAnnouncer()
  return (
    <article className="pb-16">
      <PageIntro title={t('page.title')} intro={t('page.intro')} wide />
      <div className="mx-auto max-w-6xl px-4">
        <Checkout lang={lang} announce={announce} />
      </div>
      <output aria-live="polite" className="sr-only">
        {announcement}
      </output>
    </article>
  )
}

function Checkout({ lang, announce }: { lang: Lang; announce: (message: string) => void }) {
  const { session, user, loading } = useAuth()
  const [pending, setPending] = useState<PendingOrder | null>(pendingOrder)
  const navigate = useNavigate()
  const client = useAppQueryClient()
  const authToken = session?.access_token ?? null

  const paid = useCallback(
    (order: Order) => {
      // GA4's purchase, once per order: the number is what the receipt shows.
      if (firstPurchaseOf(order.id)) {
        track({
          name: 'purchase',
          transactionId: order.number,
          value: dollars(order.totals.total_cents),
          currency: order.totals.currency,
          shipping: dollars(order.totals.shipping_cents),
          items: commerceItems(order.lines),
        })
      }
      clearCartAfterOrder()
      forgetPendingOrder()
      client.removeQueries({ queryKey: checkoutKeys.carts })
      void navigate(localizedPath(orderPath(order.id), lang), { state: { paid: true } })
    },
    [client, lang, navigate],
  )

  const placed = useCallback(
    (order: Order) => {
      const next = { id: order.id, token: order.access_token ?? null }
      rememberPendingOrder(next)
      if (isPaid(order)) paid(order)
      else setPending(next)
    },
    [paid],
  )

  const abandon = useCallback(() => {
    forgetPendingOrder()
    setPending(null)
    void client.invalidateQueries({ queryKey: checkoutKeys.carts })
  }, [client])

  if (loading) return <CheckoutSkeleton />
  if (pending) {
    return (
      <Suspense fallback={<CheckoutSkeleton />}>
        <OrderPayment pending={pending} authToken={authToken} lang={lang} announce={announce} onPaid={paid} onAbandon={abandon} />
      </Suspense>
    )
  }
  return (
    <CartCheckout
      lang={lang}
      account={session ? { email: user?.email ?? null, authToken: session.access_token } : null}
      announce={announce}
      onPlaced={placed}
    />
  )
}

interface CartCheckoutProps {
  lang: Lang
  account: { email: string | null; authToken: string } | null
  announce: (message: string) => void
  onPlaced: (order: Order) => void
}

function CartCheckout({ lang, account, announce, onPlaced }: CartCheckoutProps) {
  const { t } = useTranslation('checkout')
  const errorText = useCheckoutErrorText()
  const { query, setCart } = useCheckoutCart(lang, account?.authToken ?? null, true)

  if (query.isPending || (query.isError && query.isFetching)) return <CheckoutSkeleton />
  if (query.isError) {
    // A guest holding a signed-in account's cart (403 `cart_not_yours`) is told to sign in.
    const notYours = isApiError(query.error) && query.error.code === 'cart_not_yours'
    return (
      <div className="form-error flex flex-wrap items-center gap-3" role="alert">
        {notYours ? errorText('cart_not_yours') : t('page.loadError')}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          {t('page.retry')}
        </button>
      </div>
    )
  }
  const cart = query.data
  if (!cart || cart.lines.length === 0) return <EmptyCart />
  return (
    <CheckoutForm
      cart={cart}
      setCart={setCart}
      reloadCart={() => void query.refetch()}
      lang={lang}
      account={account}
      announce={announce}
      onPlaced={onPlaced}
    />
  )
}

function EmptyCart() {
  const { t } = useTranslation('checkout')
  return (
    <section aria-labelledby="empty-cart" className="card mx-auto max-w-xl text-center">
      <ShoppingBag aria-hidden="true" size={40} className="mx-auto text-ocean-700" />
      <h2 id="empty-cart" className="mt-4 text-2xl font-semibold">
        {t('page.emptyTitle')}
      </h2>
      <p className="mt-2 text-slate-600">{t('page.emptyText')}</p>
      <LocalizedLink to={STORE_PATH} className={`${buttonStyles.primary} mt-6`}>
        {t('page.toStore')}
      </LocalizedLink>
    </section>
  )
}
