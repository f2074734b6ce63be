import { describe, expect, it } from 'vitest'
import { errorFromEnvelope } from '../../../lib/api-client'
import { paymentProblem } from './use-card-payment'

const refused = (status: number, body: Record<string, unknown>) => paymentProblem(errorFromEnvelope(status, body))

describe('paymentProblem', () => {
  it('hands declines and card fields back to the card form', () => {
    expect(refused(402, { error_code: 'insufficient_funds' })).toEqual({ card: { error: 'insufficient_funds' } })
    expect(refused(400, { error_code: 'validation_failed', fields: { exp: 'invalid_expiry' } })).toEqual({ card: { fields: { exp: 'invalid_expiry' } } })
    expect(refused(400, { error_code: 'validation_failed', fields: { exp: 'invalid_expiry', plan: 'unknown_plan' } })).toEqual({
      card: { fields: { exp: 'invalid_expiry' }, error: 'invalid_plan' },
    })
    expect(refused(429, { error_code: 'rate_limited' })).toEqual({ card: { error: 'rate_limited' } })
  })

  it('ends the step on an ended hold, and reads the booking again when it changed elsewhere', () => {
    expect(refused(409, { error_code: 'hold_expired' })).toEqual({ expired: true })
    for (const code of ['already_paid', 'use_stripe', 'not_payable']) expect(refused(409, { error_code: code })).toEqual({ reload: true })
  })
})
