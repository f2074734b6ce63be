import { asApiError } from '../../../lib/api-client'
import { FIELD_ORDER, type CheckoutField } from './address'
import { changedCartOf, fieldProblemsOf } from './api'
import type { Cart } from './types'

/** What a refused POST orders means for the form. */
export type PlaceProblem =
  /** 422: problems beside fields (codes or the server's sentences), and any the form cannot place. */
  | { kind: 'fields'; fields: Partial<Record<CheckoutField, string>>; form: string | null }
  /** 409 `cart_changed`: the cart as it is now, when the answer carries it. */
  | { kind: 'cart_changed'; cart: Cart | null }
  /** 409 `out_of_stock`: the cart must be read again. */
  | { kind: 'out_of_stock' }
  | { kind: 'message'; code: string }

/** The checkout's names for the fields the server may name. */
const SERVER_FIELDS: Record<string, CheckoutField> = {
  email: 'email',
  name: 'name',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  region: 'region',
  postal_code: 'postal_code',
  country: 'country',
  phone: 'phone',
  shipping_method: 'shipping_method',
}

export function placeProblem(thrown: unknown): PlaceProblem {
  const error = asApiError(thrown)
  const code = error.code as string
  if (code === 'cart_changed') return { kind: 'cart_changed', cart: changedCartOf(error) }
  if (code === 'out_of_stock') return { kind: 'out_of_stock' }
  if (code === 'validation_failed' || error.status === 422) {
    const fields: Partial<Record<CheckoutField, string>> = {}
    let form: string | null = null
    for (const [name, problem] of Object.entries(fieldProblemsOf(error))) {
      const field = SERVER_FIELDS[name]
      if (field) fields[field] = problem
      else form = problem
    }
    if (Object.keys(fields).length > 0 || form !== null) return { kind: 'fields', fields, form }
  }
  return { kind: 'message', code }
}

/** The first field with a problem, in the order the form shows them. */
export function firstInvalid(errors: Partial<Record<CheckoutField, unknown>>): CheckoutField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null
}
