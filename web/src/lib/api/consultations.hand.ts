/**
 * The consultations API's shapes, written by hand until the OpenAPI document covers the
 * consultations routes. Only `./types.ts` imports this file: when `npm run gen:api` brings
 * them in, the aliases there switch to `components['schemas'][…]` and this file goes.
 */

export type PlanId = string

export interface Plan {
  id: PlanId
  name: string
  description: string
  duration_minutes: number
  price_cents: number
  currency: string
  recommended: boolean
}

/** What a traveller said after a consultation (GET /consultations/testimonials, the home page's data block). */
export interface Testimonial {
  quote: string
  name: string
  trip: string
}

/** A free start time: RFC 3339 UTC instants. */
export interface Slot {
  start: string
  end: string
}

export interface SlotsAnswer {
  plan: PlanId
  time_zone: string
  slots: Slot[]
}

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired'
export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled' | 'refunded'

export interface BookingDocument {
  id: string
  filename: string
  size_bytes: number
  content_type: string
}

export interface BookingPayment {
  provider: 'sandbox' | 'stripe'
  status: PaymentStatus
  client_secret: string | null
  publishable_key: string | null
  card_brand: string | null
  card_last4: string | null
}

export interface Booking {
  id: string
  status: BookingStatus
  plan: Pick<Plan, 'id' | 'name' | 'duration_minutes' | 'price_cents' | 'currency'>
  start: string
  end: string
  time_zone: string
  hold_expires_at: string | null
  amount_cents: number
  currency: string
  name: string
  email: string
  country: string
  message: string
  language: string
  payment: BookingPayment
  cancellation_deadline: string
  change_fee_cents: number
  refund_cents: number | null
  documents: BookingDocument[]
  /** Only in the 201 (or idempotent 200) of POST bookings. */
  access_token?: string
}

/** What the booking form sends (property order as the contract writes it). */
export interface BookingRequest {
  name: string
  email: string
  country: string
  message: string
  plan: PlanId
  slot_start: string
  language: string
}

/** The sandbox card form; it lives in component state only, never in storage. */
export interface CardDetails {
  card_number: string
  exp: string
  cvc: string
  cardholder_name: string
}
