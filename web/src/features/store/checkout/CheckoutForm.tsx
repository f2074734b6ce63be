import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage, TextField } from '../../../components/ui/Field'
import type { Lang } from '../../../i18n/languages'
import { asApiError } from '../../../lib/api-client'
import { track } from '../../../lib/analytics'
import {
  EMPTY_ADDRESS,
  hasPostalCode,
  isListedCountry,
  MAX_LENGTH,
  toAddress,
  validateCheckout,
  type AddressField,
  type AddressValues,
  type CheckoutErrors,
  type CheckoutField,
} from './address'
import { AddressFields } from './components/AddressFields'
import { CartChanges } from './components/CartChanges'
import { DiscountForm } from './components/DiscountForm'
import { OrderSummary, type TotalsState } from './components/OrderSummary'
import { ShippingMethods } from './components/ShippingMethods'
import { useCheckoutErrorText } from './error-text'
import { useFieldErrorText } from './field-error-text'
import { commerceItems, dollars } from './format'
import { attemptKey, forgetAttempt, signatureOf } from './order-store'
import { firstInvalid, placeProblem } from './problems'
import { cartVersion, useCartActions, usePlaceOrder, useQuote, useShipping } from './queries'
import type { Cart, Order, OrderRequest, QuoteRequest } from '../types'

interface Props {
  cart: Cart
  setCart: (cart: Cart) => void
  reloadCart: () => void
  lang: Lang
  /** The signed-in user's address and session; null for a guest. */
  account: { email: string | null; authToken: string } | null
  announce: (message: string) => void
  onPlaced: (order: Order) => void
}

/**
 * The checkout on one page (docs/product.md#store-checkout-and-orders): contact e-mail, the
 * shipping address and method when the cart holds physical goods, the discount code, and the
 * summary with the server's totals. "Place order" sends POST orders with this attempt's Idempotency-Key.
 */
export function CheckoutForm({ cart, setCart, reloadCart, lang, account, announce, onPlaced }: Props) {
  const { t } = useTranslation('checkout')
  const errorText = useCheckoutErrorText()
  const fieldText = useFieldErrorText()
  const authToken = account?.authToken ?? null
  const signedInEmail = account?.email ?? null

  const [email, setEmail] = useState(signedInEmail ?? '')
  const [address, setAddress] = useState<AddressValues>(EMPTY_ADDRESS)
  const [chosenMethod, setChosenMethod] = useState<string | null>(null)
  const [errors, setErrors] = useState<CheckoutErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [acceptError, setAcceptError] = useState<string | null>(null)
  const [upToDate, setUpToDate] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const changesRef = useRef<HTMLHeadingElement>(null)
  const upToDateRef = useRef<HTMLOutputElement>(null)
  const formErrorId = useId()

  const physical = cart.has_physical
  const countryChosen = physical && isListedCountry(address.country)
  const shipping = useShipping(address.country, cart.subtotal_cents, lang, countryChosen)
  const methods = shipping.data?.methods ?? []
  // The chosen method while it is offered; else the first one (the server lists the usual choice first).
  const method = methods.some((candidate) => candidate.id === chosenMethod) ? chosenMethod : (methods[0]?.id ?? null)

  const version = cartVersion(cart)
  const quoteBody: QuoteRequest =
    countryChosen && method ? { cart_token: cart.token, country: address.country, shipping_method: method, lang } : { cart_token: cart.token, lang }
  const quote = useQuote(quoteBody, version, authToken)
  const actions = useCartActions(cart, lang, authToken, setCart)
  const place = usePlaceOrder()

  // GA4's begin_checkout: once per visit of the page with items in the cart.
  const begun = useRef(false)
  useEffect(() => {
    if (begun.current || cart.lines.length === 0) return
    begun.current = true
    track({
      name: 'begin_checkout',
      currency: cart.currency,
      value: dollars(cart.subtotal_cents - (cart.discount?.amount_cents ?? 0)),
      items: commerceItems(cart.lines),
      coupon: cart.discount?.code,
    })
  }, [cart])

  const values = { email, address, shippingMethod: method }
  const recheck = (next: typeof values) => {
    if (submitted) setErrors(validateCheckout(next, physical))
  }
  const changeAddress = (field: AddressField, value: string) => {
    const next = { ...address, [field]: value }
    setAddress(next)
    recheck({ ...values, address: next })
  }
  const changeEmail = (value: string) => {
    setEmail(value)
    recheck({ ...values, email: value })
  }
  const chooseMethod = (id: string) => {
    setChosenMethod(id)
    recheck({ ...values, shippingMethod: id })
  }

  const focusFirst = (found: Partial<Record<CheckoutField, unknown>>) => {
    const field = firstInvalid(found)
    if (!field) return
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus())
  }
  const focusChanges = () => requestAnimationFrame(() => changesRef.current?.focus())

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (place.isPending) return
    setSubmitted(true)
    setUpToDate(false)
    const found = validateCheckout(values, physical)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setFormError(t('place.invalid'))
      focusFirst(found)
      return
    }
    if (cart.changed) {
      setFormError(t('changes.mustAccept'))
      focusChanges()
      return
    }
    setFormError(null)
    const body: OrderRequest = {
      cart_token: cart.token,
      email: email.trim(),
      language: lang,
      ...(physical ? { shipping: toAddress(address), ...(method ? { shipping_method: method } : {}) } : {}),
    }
    // The same body (and cart) as the last attempt reuses its key: a retry never orders twice.
    const idempotencyKey = attemptKey(signatureOf(body, version))
    try {
      onPlaced(await place.mutateAsync({ body, idempotencyKey, authToken }))
    } catch (thrown) {
      // Refused (4xx): no order exists, the next try is a new attempt. Otherwise (no answer,
      // 5xx) the order may exist: the next try keeps the key and gets it back.
      const status = asApiError(thrown).status
      if (status >= 400 && status < 500) forgetAttempt()
      const problem = placeProblem(thrown)
      if (problem.kind === 'fields') {
        setErrors(problem.fields)
        // A field the form does not show (a postal code where the page expects none) is said above the button.
        const hidden = problem.fields.postal_code && !hasPostalCode(address.country) ? fieldText(problem.fields.postal_code) : null
        setFormError(problem.form ? errorText(problem.form) : (hidden ?? t('place.invalid')))
        focusFirst(problem.fields)
      } else if (problem.kind === 'cart_changed') {
        if (problem.cart) setCart(problem.cart)
        else reloadCart()
        setFormError(errorText('cart_changed'))
        focusChanges()
      } else if (problem.kind === 'out_of_stock') {
        // The cart read again marks the line that shrank or sold out, for the visitor to accept.
        reloadCart()
        setFormError(errorText('out_of_stock'))
      } else {
        setFormError(errorText(problem.error, cart.currency))
      }
    }
  }

  const accept = async () => {
    setAcceptError(null)
    try {
      await actions.accept.mutateAsync()
      setFormError(null)
      setUpToDate(true)
      requestAnimationFrame(() => upToDateRef.current?.focus())
    } catch (thrown) {
      setAcceptError(errorText(asApiError(thrown).code))
    }
  }

  const errorOf = (field: CheckoutField) => (errors[field] ? fieldText(errors[field], address.country) : undefined)

  let totals: TotalsState
  if (quote.data) totals = { status: 'ready', value: quote.data, updating: quote.isFetching }
  else if (quote.isError) totals = { status: 'error' }
  else totals = { status: 'loading' }

  let shippingOptions: Parameters<typeof ShippingMethods>[0]['options']
  if (!countryChosen) shippingOptions = { status: 'idle' }
  else if (shipping.data) shippingOptions = { status: 'ready', value: shipping.data }
  else if (shipping.isError && !shipping.isFetching) shippingOptions = { status: 'error', retry: () => void shipping.refetch() }
  else shippingOptions = { status: 'loading' }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-describedby={formError ? formErrorId : undefined}
        className="space-y-6"
        aria-label={t('page.title')}
      >
        {cart.changed && (
          <CartChanges
            cart={cart}
            lang={lang}
            busy={actions.accept.isPending}
            error={acceptError}
            onAccept={() => void accept()}
            headingRef={changesRef}
          />
        )}
        {upToDate && !cart.changed && (
          <output ref={upToDateRef} tabIndex={-1} className="form-success block focus:outline-none">
            {t('changes.accepted')}
          </output>
        )}
        <section aria-labelledby="checkout-contact" className="card space-y-4">
          <h2 id="checkout-contact" className="text-xl font-semibold text-ocean-900">
            {t('contact.heading')}
          </h2>
          <TextField
            label={t('contact.email')}
            hint={signedInEmail ? t('contact.emailSignedIn') : t('contact.emailHint')}
            type="email"
            name="email"
            autoComplete="email"
            required
            readOnly={signedInEmail !== null}
            maxLength={MAX_LENGTH.email}
            value={email}
            onChange={(event) => changeEmail(event.target.value)}
            state={errors.email ? { invalid: true, error: errorOf('email') } : undefined}
          />
        </section>
        {physical && (
          <section aria-labelledby="checkout-address" className="card space-y-4">
            <div>
              <h2 id="checkout-address" className="text-xl font-semibold text-ocean-900">
                {t('address.heading')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t('address.intro')}</p>
            </div>
            <AddressFields values={address} onChange={changeAddress} errorOf={errorOf} lang={lang} />
          </section>
        )}
        {physical && (
          <div className="card">
            <ShippingMethods
              options={shippingOptions}
              selected={method}
              onSelect={chooseMethod}
              error={errorOf('shipping_method')}
              currency={cart.currency}
              lang={lang}
            />
          </div>
        )}
        <div className="space-y-3">
          <FormMessage id={formErrorId} tone="error">
            {formError}
          </FormMessage>
          <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={place.isPending}>
            {place.isPending ? t('place.placing') : t('place.button')}
          </button>
          <p className="text-sm text-slate-600">{t('place.next')}</p>
        </div>
      </form>
      <aside aria-labelledby="checkout-summary" className="card lg:sticky lg:top-24">
        <OrderSummary
          headingId="checkout-summary"
          heading={t('summary.heading')}
          lines={cart.lines}
          totals={totals}
          discountCode={cart.discount?.code}
          shipping={physical ? (method && countryChosen ? 'shown' : 'pending') : 'hidden'}
          currency={cart.currency}
          lang={lang}
        >
          <DiscountForm
            discount={cart.discount}
            currency={cart.currency}
            onApply={(code) => actions.apply.mutateAsync(code)}
            onRemove={() => actions.remove.mutateAsync()}
            announce={announce}
          />
        </OrderSummary>
      </aside>
    </div>
  )
}
