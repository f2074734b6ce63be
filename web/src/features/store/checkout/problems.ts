import { asApiError, type ApiError } from '../../../lib/api-client'
import type { Cart } from '../types'
import { FIELD_ORDER, type AddressField, type CheckoutErrors, type CheckoutField, type FieldProblem } from './address'

/** What a refused POST orders means for the form. */
export type PlaceProblem =
  /**
   * 400 `validation_failed`: problems beside fields, and a problem of the whole form (the
   * server's `shipping: required` or `language: invalid_language`), as a code for the error text.
   */
  | { kind: 'fields'; fields: CheckoutErrors; form: 'shipping_required' | 'invalid_language' | null }
  /** 409 `cart_changed`: the cart as it is now (its `cart` member). */
  | { kind: 'cart_changed'; cart: Cart | null }
  /** 409 `out_of_stock`: the cart must be read again (it then marks the line that shrank or sold out). */
  | { kind: 'out_of_stock' }
  /** Anything else, worded from its code (and members: `discount_minimum`). */
  | { kind: 'message'; error: ApiError }

/** The cart a 409 `cart_changed` sends back beside the envelope (its `cart` member), if it does. */
export function changedCartOf(error: ApiError): Cart | null {
  const cart = error.body.cart as Partial<Record<keyof Cart, unknown>> | null | undefined
  return error.code === 'cart_changed' && typeof cart?.token === 'string' && Array.isArray(cart.lines) ? (cart as Cart) : null
}

/** The address's fields as the server names them (`shipping.<field>`). */
const ADDRESS_FIELDS: readonly AddressField[] = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone']

/** The checkout's words for `required` where a field has its own. */
const REQUIRED: Partial<Record<CheckoutField, FieldProblem>> = {
  name: 'name_required',
  line1: 'address_required',
  city: 'city_required',
  region: 'region_required',
  postal_code: 'postal_code_required',
  country: 'country_required',
}

/**
 * A server field code as the checkout words it: `required`, `too_long`, `invalid_characters`,
 * `invalid_country`, `invalid_postal_code`, `invalid_phone`, `invalid_email` (POST orders,
 * docs/product.md#store-checkout-and-orders); an unknown one reads as "check this field".
 */
export function fieldProblem(field: CheckoutField, code: string): FieldProblem {
  switch (code) {
    case 'required':
      return REQUIRED[field] ?? 'required'
    case 'invalid_country':
      return 'country_required'
    case 'invalid_postal_code':
      return 'postal_code_invalid'
    case 'invalid_phone':
      return 'phone_invalid'
    case 'invalid_email':
    case 'too_long':
    case 'invalid_characters':
      return code
    default:
      return 'invalid'
  }
}

/** The checkout's field for a field the server names (`email`, `shipping.<field>`), if it is one. */
function checkoutField(name: string): CheckoutField | null {
  if (name === 'email') return 'email'
  const field = name.startsWith('shipping.') ? name.slice('shipping.'.length) : null
  return field !== null && (ADDRESS_FIELDS as readonly string[]).includes(field) ? (field as AddressField) : null
}

export function placeProblem(thrown: unknown): PlaceProblem {
  const error = asApiError(thrown)
  if (error.code === 'cart_changed') return { kind: 'cart_changed', cart: changedCartOf(error) }
  if (error.code === 'out_of_stock') return { kind: 'out_of_stock' }
  if (error.code === 'validation_failed') {
    const fields: CheckoutErrors = {}
    let form: 'shipping_required' | 'invalid_language' | null = null
    for (const [name, code] of Object.entries(error.fields)) {
      const field = checkoutField(name)
      if (field) fields[field] = fieldProblem(field, code)
      else if (name === 'shipping') form = 'shipping_required'
      else if (name === 'language') form = 'invalid_language'
    }
    if (Object.keys(fields).length > 0 || form !== null) return { kind: 'fields', fields, form }
  }
  return { kind: 'message', error }
}

/** The first field with a problem, in the order the form shows them. */
export function firstInvalid(errors: Partial<Record<CheckoutField, unknown>>): CheckoutField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null
}
