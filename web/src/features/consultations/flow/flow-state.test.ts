import { describe, expect, it } from 'vitest'
import { flowSearch, parseFlow, stepNumber } from './flow-state'

const BOOKING = '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab'

describe('the step in the address', () => {
  it('starts at Select Plan', () => {
    expect(parseFlow('')).toEqual({ step: 'plan', plan: null, booking: null })
    expect(parseFlow('?step=nonsense')).toEqual({ step: 'plan', plan: null, booking: null })
  })

  it('reads each step with what it needs', () => {
    expect(parseFlow('?step=time&plan=complete')).toEqual({ step: 'time', plan: 'complete', booking: null })
    expect(parseFlow(`?step=payment&plan=complete&booking=${BOOKING}`)).toEqual({ step: 'payment', plan: 'complete', booking: BOOKING })
    expect(parseFlow(`?step=confirmation&booking=${BOOKING.toUpperCase()}`)).toEqual({ step: 'confirmation', plan: null, booking: BOOKING })
  })

  it('falls back to the furthest step the address can support', () => {
    expect(parseFlow('?step=time')).toMatchObject({ step: 'plan' })
    expect(parseFlow('?step=payment&plan=complete')).toMatchObject({ step: 'time', plan: 'complete' })
    expect(parseFlow('?step=payment&plan=complete&booking=not-a-uuid')).toMatchObject({ step: 'time' })
    expect(parseFlow('?step=confirmation')).toMatchObject({ step: 'plan' })
    expect(parseFlow('?step=time&plan=Bad%20Plan')).toMatchObject({ step: 'plan', plan: null })
    // A booking id means nothing before payment.
    expect(parseFlow(`?step=time&plan=essential&booking=${BOOKING}`)).toEqual({ step: 'time', plan: 'essential', booking: null })
  })

  it('writes back what it reads (a reload lands on the same step)', () => {
    for (const search of ['', '?step=plan&plan=premium', '?step=time&plan=complete', `?step=payment&plan=complete&booking=${BOOKING}`]) {
      expect(flowSearch(parseFlow(search))).toBe(search)
    }
    expect(flowSearch({ step: 'plan', plan: null, booking: BOOKING })).toBe('')
  })

  it('numbers the steps', () => {
    expect(['plan', 'time', 'payment', 'confirmation'].map((step) => stepNumber(step as never))).toEqual([1, 2, 3, 4])
  })
})
