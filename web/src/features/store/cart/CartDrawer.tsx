import { ShoppingBag, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useLang } from '../../../i18n/use-lang'
import { PAGE_PATHS } from '../../../lib/site-map'
import { formatPrice } from '../format'
import { CHECKOUT_PATH } from '../paths'
import type { CartContext } from './api'
import { CartLineItem } from './CartLineItem'
import { acceptChanges, errorCode, loadCart, removeLine, setLineQuantity, settleCartMessages, shortageOf, type CartChange } from './cart-store'
import { useCartContext, useCartState } from './use-cart'

type TFunction = ReturnType<typeof useTranslation<'store'>>['t']

/** What the live region says about a change (and the drawer shows on opening after "Add to cart"). */
function changeText(change: CartChange | null, t: TFunction): string {
  if (!change) return ''
  if (change.kind === 'added') return t('cart.added', { name: change.name, quantity: change.quantity })
  if (change.kind === 'updated') return t('cart.updated', { name: change.name, quantity: change.quantity })
  if (change.kind === 'removed') return t('cart.removed', { name: change.name })
  return t('cart.accepted')
}

function failureText(error: unknown, t: TFunction): string {
  const code = errorCode(error)
  if (code === 'out_of_stock') {
    // 409 out_of_stock says how many are left of the variant (`available`).
    const shortage = shortageOf(error)
    return shortage && shortage.available > 0 ? t('errors.out_of_stock_left', { count: shortage.available }) : t('errors.out_of_stock')
  }
  if (code === 'network') return t('errors.network')
  return t('errors.generic')
}

/**
 * The cart drawer: a native modal <dialog> at the side of the page, like the login dialog (focus
 * kept inside, Escape closes, the page behind inert, focus back to what opened it). Its lines can
 * change quantity or go; changed prices and stock are shown per line and accepted at once; the
 * subtotal leads to the checkout. Changes are announced through a live region.
 */
export default function CartDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('store')
  const lang = useLang()
  const { ready, ...context } = useCartContext()
  const { status, cart, busy, error, change } = useCartState()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const openedWithId = useId()
  const { key: locationKey } = useLocation()
  const openedAt = useRef(locationKey)
  // The change that opened the drawer ("Added to your cart: …") is its description; later ones are announced.
  const [openedWith] = useState(change)

  // Any navigation (a product's name, Checkout, the browser's Back) closes the drawer. The modal
  // closes at once (this effect runs before the layout's), so the new page can take the focus.
  const navigated = useRef(false)
  useEffect(() => {
    if (locationKey === openedAt.current) return
    navigated.current = true
    dialogRef.current?.close()
    onClose()
  }, [locationKey, onClose])

  useEffect(() => {
    const dialog = dialogRef.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      settleCartMessages()
      // Closed where it was opened: the focus goes back to the button that opened it.
      if (!navigated.current && opener?.isConnected) opener.focus()
    }
  }, [])

  // Read afresh on opening (prices and stock may have changed), once the session is known.
  const { lang: contextLang, authToken } = context
  useEffect(() => {
    if (ready) void loadCart({ lang: contextLang, authToken })
  }, [ready, contextLang, authToken])

  const run = (task: (context: CartContext) => Promise<unknown>) => void task(context).catch(() => undefined)
  const lines = cart?.lines ?? []
  const price = (cents: number) => formatPrice(cents, lang, cart?.currency)

  let body: ReactNode
  if (status === 'error' && !cart) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-coral-50 p-4 text-coral-700">
        <p className="font-medium">{t('cart.loadError')}</p>
        <button type="button" className={buttonStyles.secondary} onClick={() => run(loadCart)}>
          {t('cart.retry')}
        </button>
      </div>
    )
  } else if ((status === 'idle' || status === 'loading') && !cart) {
    body = (
      <div>
        <p className="sr-only">{t('cart.loading')}</p>
        <ul aria-hidden="true" className="divide-y divide-sand-200 motion-safe:animate-pulse">
          {[0, 1].map((row) => (
            <li key={row} className="flex gap-4 py-5">
              <div className="size-20 rounded-2xl bg-sand-200" />
              <div className="flex-1 space-y-2">
                <div className="h-5 w-2/3 rounded bg-sand-200" />
                <div className="h-4 w-1/3 rounded bg-sand-200" />
                <div className="h-11 w-36 rounded-xl bg-sand-200" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    )
  } else if (lines.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-ocean-50 text-ocean-700">
          <ShoppingBag size={28} aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-ocean-900">{t('cart.empty')}</p>
        <p className="text-slate-600">{t('cart.emptyHint')}</p>
        <LocalizedLink to={PAGE_PATHS.store} className={`${buttonStyles.primary} mt-2`}>
          {t('cart.browse')}
        </LocalizedLink>
      </div>
    )
  } else {
    body = (
      <>
        {cart?.changed && (
          <div className="cart-notice flex flex-col items-start gap-3">
            <p className="font-semibold">{t('cart.changed')}</p>
            <button type="button" className={buttonStyles.secondary} aria-disabled={busy} onClick={() => !busy && run(acceptChanges)}>
              {t('cart.accept')}
            </button>
          </div>
        )}
        <ul aria-label={t('cart.lines')} className="divide-y divide-sand-200">
          {lines.map((line) => (
            <CartLineItem
              key={line.sku}
              line={line}
              currency={cart?.currency ?? 'USD'}
              busy={busy}
              onQuantity={(quantity) => run((current) => setLineQuantity(line.sku, quantity, current))}
              onRemove={() => run((current) => removeLine(line.sku, current))}
            />
          ))}
        </ul>
      </>
    )
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={openedWith ? openedWithId : undefined}
      aria-busy={busy}
      onClose={onClose}
      className="cart-drawer"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 border-b border-sand-200 px-6 py-4">
          <h2 id={titleId} className="flex-1 text-2xl font-semibold">
            {t('cart.title')}
          </h2>
          <button type="button" className="icon-btn -mr-3" onClick={onClose}>
            <X size={20} aria-hidden="true" />
            <span className="sr-only">{t('cart.close')}</span>
          </button>
        </div>
        <div className="flex-1 space-y-4 overflow-y-auto px-6 py-4">
          {openedWith && (
            <p id={openedWithId} className="form-success">
              {changeText(openedWith, t)}
            </p>
          )}
          {/* Present from the start, so a later change is announced when its words arrive. */}
          <output className="sr-only">{change !== openedWith ? changeText(change, t) : ''}</output>
          {error !== null && status === 'ready' && (
            <p role="alert" className="form-error">
              {failureText(error, t)}
            </p>
          )}
          {body}
        </div>
        {cart && lines.length > 0 && (
          <div className="border-t border-sand-200 px-6 py-5">
            <dl className="space-y-1">
              <div className="flex justify-between gap-4 text-lg font-semibold text-ocean-900">
                <dt>{t('cart.subtotal')}</dt>
                <dd>{price(cart.subtotal_cents)}</dd>
              </div>
              {cart.discount && (
                <div className="flex justify-between gap-4 text-sm text-slate-600">
                  <dt>{t('cart.discount', { code: cart.discount.code })}</dt>
                  <dd>−{price(cart.discount.amount_cents)}</dd>
                </div>
              )}
            </dl>
            {cart.has_physical && <p className="mt-1 text-sm text-slate-600">{t('cart.shippingNote')}</p>}
            {cart.changed ? (
              <p className="mt-4 text-sm font-medium text-coral-700">{t('cart.acceptFirst')}</p>
            ) : (
              <LocalizedLink to={CHECKOUT_PATH} className={`${buttonStyles.primary} mt-4 w-full`}>
                {t('cart.checkout')}
              </LocalizedLink>
            )}
          </div>
        )}
      </div>
    </dialog>
  )
}
