import { isBookingId } from '../../../lib/site-map'

/**
 * The booking progress lives in the address (docs/product.md#booking-flow):
 * `?step=plan|time|payment|confirmation&plan=<id>&booking=<id>`, so a reload, the
 * browser's Back and a shared tab all land on the same step.
 */
export const STEPS = ['plan', 'time', 'payment', 'confirmation'] as const
export type Step = (typeof STEPS)[number]

export interface FlowLocation {
  step: Step
  plan: string | null
  booking: string | null
}

const PLAN_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/

function isStep(value: string | null): value is Step {
  return (STEPS as readonly (string | null)[]).includes(value)
}

/**
 * Reads the address, falling back to the furthest step it can support: a time needs a
 * plan, payment and confirmation need a booking.
 */
export function parseFlow(search: string): FlowLocation {
  const params = new URLSearchParams(search)
  const planParam = params.get('plan')
  const bookingParam = params.get('booking')
  const plan = planParam && PLAN_ID.test(planParam) ? planParam : null
  const booking = isBookingId(bookingParam) ? bookingParam.toLowerCase() : null
  const asked = params.get('step')
  let step: Step = isStep(asked) ? asked : 'plan'
  if ((step === 'payment' || step === 'confirmation') && !booking) step = plan ? 'time' : 'plan'
  if (step === 'time' && !plan) step = 'plan'
  return { step, plan, booking: step === 'payment' || step === 'confirmation' ? booking : null }
}

/** The query string of a location ('' for the first step with nothing chosen: plain /help). */
export function flowSearch(location: FlowLocation): string {
  const params = new URLSearchParams()
  if (location.step === 'plan' && !location.plan) return ''
  params.set('step', location.step)
  if (location.plan) params.set('plan', location.plan)
  if (location.booking && (location.step === 'payment' || location.step === 'confirmation')) params.set('booking', location.booking)
  return `?${params}`
}

/** 1-based position, for "Step 2 of 4". */
export function stepNumber(step: Step): number {
  return STEPS.indexOf(step) + 1
}
