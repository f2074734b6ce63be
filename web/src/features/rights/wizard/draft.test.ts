import { describe, expect, it } from 'vitest'
import { AIRPORTS } from '../../../test/airports'
import { airlineByCode } from '../rules/airlines'
import type { Assessment, Entitlement } from '../rules/types'
import { buildInput, defaultCurrency, DETAILS, emptyDraft, INCIDENTS, localToday, outcomeSource, parseNumber, validateStep, type Draft } from './draft'

const TODAY = '2026-11-24'
const IBERIA = airlineByCode('IB')!
const place = (code: string) => ({ text: `${AIRPORTS[code]!.city} (${code})`, airport: AIRPORTS[code]! })

function flightDraft(patch: Partial<Draft> = {}): Draft {
  return {
    ...emptyDraft(),
    incident: 'delay',
    from: place('MAD'),
    to: place('BOG'),
    airline: { text: 'Iberia (IB)', airline: IBERIA },
    date: '2026-10-01',
    residence: 'ES',
    ...patch,
  }
}

describe('step 1 and 4', () => {
  it('need an incident and a country', () => {
    expect(validateStep('incident', emptyDraft(), TODAY)).toEqual({ incident: 'incidentRequired' })
    expect(validateStep('incident', { ...emptyDraft(), incident: 'downgrade' }, TODAY)).toEqual({})
    expect(validateStep('residence', emptyDraft(), TODAY)).toEqual({ residence: 'residenceRequired' })
  })
})

describe('step 2, the flight', () => {
  it('needs airports and an airline picked from their lists, and a date', () => {
    const draft = { ...emptyDraft(), incident: 'delay' as const, from: { text: 'madrid', airport: null } }
    expect(validateStep('flight', draft, TODAY)).toEqual({ from: 'pickAirport', to: 'airportRequired', airline: 'airlineRequired', date: 'dateRequired' })
    expect(validateStep('flight', { ...draft, airline: { text: 'iber', airline: null } }, TODAY).airline).toBe('pickAirline')
    expect(validateStep('flight', flightDraft(), TODAY)).toEqual({})
  })

  it('refuses the same airport twice, and a future date except for a cancellation', () => {
    expect(validateStep('flight', flightDraft({ to: place('MAD') }), TODAY)).toEqual({ to: 'sameAirport' })
    expect(validateStep('flight', flightDraft({ date: '2026-12-01' }), TODAY)).toEqual({ date: 'dateInFuture' })
    expect(validateStep('flight', flightDraft({ incident: 'cancellation', date: '2026-12-01' }), TODAY)).toEqual({})
  })

  it('checks each connection, and asks about one booking only when there are connections', () => {
    const draft = flightDraft({ connections: [{ key: 4, text: 'lis', airport: null }] })
    expect(validateStep('flight', draft, TODAY)).toEqual({ 'connection-4': 'pickAirport', oneTicket: 'oneTicketRequired' })
    expect(validateStep('flight', { ...draft, connections: [{ key: 4, ...place('LIS') }], oneTicket: 'no' }, TODAY)).toEqual({})
  })
})

describe('step 3, the details of each incident', () => {
  it('asks only what matters to the incident', () => {
    expect(DETAILS.delay.ask).toEqual(['arrivalDelay', 'reason', 'wait', 'ticketPrice', 'expenses', 'packageTravel'])
    expect(DETAILS.luggage_lost.ask).not.toContain('reason')
    expect(DETAILS.cancellation.ask).toContain('noticeDays')
    expect(DETAILS.denied_boarding.ask).toContain('volunteered')
    expect(DETAILS.downgrade.required).toEqual(['downgradeLegPrice'])
    for (const incident of INCIDENTS) expect(DETAILS[incident].ask).toEqual(expect.arrayContaining([...DETAILS[incident].required]))
  })

  it('a delay needs hours and a reason; minutes are 0–59', () => {
    expect(validateStep('details', flightDraft(), TODAY)).toEqual({ delayHours: 'hoursRequired', reason: 'reasonRequired' })
    expect(validateStep('details', flightDraft({ delayHours: '3.5', delayMinutes: '75', reason: 'weather' }), TODAY)).toEqual({
      delayHours: 'wholeNumber',
      delayMinutes: 'minutesRange',
    })
    expect(validateStep('details', flightDraft({ delayHours: '4', reason: 'technical', waitHours: 'x' }), TODAY)).toEqual({ waitHours: 'numberInvalid' })
  })

  it('a cancellation needs the notice, the re-routing answer and, when offered, its times', () => {
    const draft = flightDraft({ incident: 'cancellation' })
    expect(validateStep('details', draft, TODAY)).toEqual({ noticeDays: 'daysRequired', rerouteOffered: 'answerRequired', reason: 'reasonRequired' })
    expect(validateStep('details', { ...draft, noticeDays: '2', rerouteOffered: 'yes', reason: 'none_given' }, TODAY)).toEqual({
      rerouteEarlierHours: 'hoursRequired',
      rerouteLaterHours: 'hoursRequired',
    })
  })

  it('amounts must be positive numbers; luggage dates come after the flight and not after today', () => {
    const lost = flightDraft({ incident: 'luggage_lost', luggageValue: { amount: '-3', currency: '' } })
    expect(validateStep('details', lost, TODAY)).toEqual({ luggageValue: 'amountInvalid' })
    expect(validateStep('details', { ...lost, luggageValue: { amount: '', currency: '' } }, TODAY)).toEqual({ luggageValue: 'amountRequired' })
    const damaged = flightDraft({ incident: 'luggage_damaged', luggageValue: { amount: '120,50', currency: 'EUR' } })
    expect(validateStep('details', damaged, TODAY)).toEqual({ luggageReceivedDate: 'receivedDateRequired' })
    expect(validateStep('details', { ...damaged, luggageReceivedDate: '2026-09-01' }, TODAY)).toEqual({ luggageReceivedDate: 'receivedBeforeFlight' })
    expect(validateStep('details', { ...damaged, luggageReceivedDate: '2026-12-01' }, TODAY)).toEqual({ luggageReceivedDate: 'receivedInFuture' })
    expect(validateStep('details', flightDraft({ incident: 'luggage_delayed' }), TODAY)).toEqual({})
  })
})

describe('the CheckInput', () => {
  it('for a delay: minutes, reason, money in the default currency, nothing the incident does not ask', () => {
    const draft = flightDraft({
      delayHours: '4',
      delayMinutes: '5',
      reason: 'technical',
      waitHours: '2.5',
      ticketPrice: { amount: '480,90', currency: '' },
      noticeDays: '3', // left from another incident: not asked for a delay
      volunteered: 'yes',
    })
    expect(buildInput(draft, 'es', TODAY)).toEqual({
      lang: 'es',
      incident: 'delay',
      from: AIRPORTS.MAD,
      to: AIRPORTS.BOG,
      connections: [],
      airline: IBERIA,
      date: '2026-10-01',
      oneTicket: true,
      arrivalDelayMinutes: 245,
      reason: 'technical',
      waitMinutes: 150,
      ticketPrice: { amount: 480.9, currency: 'EUR' },
      packageTravel: false,
      residence: 'ES',
      today: TODAY,
    })
  })

  it('for a re-routed cancellation on separate bookings: the later arrival is the delay', () => {
    const input = buildInput(
      flightDraft({
        incident: 'cancellation',
        from: place('GRU'),
        to: place('SSA'),
        connections: [{ key: 1, ...place('LIS') }],
        oneTicket: 'no',
        noticeDays: '0',
        rerouteOffered: 'yes',
        rerouteEarlierHours: '0',
        rerouteLaterHours: '5',
        reason: 'none_given',
        expenses: { amount: '80', currency: 'USD' },
        packageTravel: 'yes',
      }),
      'pt',
      TODAY,
    )
    expect(input).toMatchObject({
      connections: [AIRPORTS.LIS],
      oneTicket: false,
      noticeDays: 0,
      rerouteOffered: true,
      rerouteDepartureEarlierMinutes: 0,
      rerouteArrivalLaterMinutes: 300,
      arrivalDelayMinutes: 300,
      expenses: { amount: 80, currency: 'USD' },
      packageTravel: true,
    })
  })

  it('for luggage: no reason asked, the value and the date received', () => {
    const input = buildInput(flightDraft({ incident: 'luggage_delayed', luggageReceivedDate: '2026-10-03', reason: 'weather' }), 'en', TODAY)
    expect(input.reason).toBe('none_given')
    expect(input.luggageReceivedDate).toBe('2026-10-03')
    expect(input.arrivalDelayMinutes).toBeUndefined()
  })
})

describe('helpers', () => {
  it('reads numbers with a comma or a point', () => {
    expect(parseNumber('1,5')).toBe(1.5)
    expect(parseNumber(' 12 ')).toBe(12)
    expect(parseNumber('1e3')).toBeNaN()
    expect(parseNumber('-2')).toBeNaN()
  })

  it('starts amounts in the departure country currency', () => {
    expect(defaultCurrency(flightDraft(), 'en')).toBe('EUR')
    expect(defaultCurrency(flightDraft({ from: place('GRU') }), 'es')).toBe('BRL')
    expect(defaultCurrency(flightDraft({ from: place('LHR') }), 'es')).toBe('GBP')
    expect(defaultCurrency(emptyDraft(), 'pt')).toBe('BRL')
  })

  it("gives today's date in the traveller's calendar", () => {
    expect(localToday(new Date(2026, 1, 3, 0, 5))).toBe('2026-02-03')
  })
})

const entitlement = (regime: Entitlement['regime'], kind: Entitlement['kind']) => ({ regime, kind }) as Entitlement
const assessment = (owed: Entitlement[], expert: Assessment['expert'] = []) => ({ owed, expert }) as Assessment

describe('the outcome counted', () => {
  it('names the main entitlement: money first, then care as assistance', () => {
    expect(outcomeSource(assessment([entitlement('eu261', 'care'), entitlement('eu261', 'compensation')]))).toBe('eu261-compensation')
    expect(outcomeSource(assessment([entitlement('anac400', 'reroute_or_refund'), entitlement('anac400', 'care')]))).toBe('anac-assistance')
    expect(outcomeSource(assessment([entitlement('montreal', 'luggage_liability')]))).toBe('montreal-luggage-liability')
  })

  it("is 'expert' or 'none' when nothing is owed", () => {
    expect(outcomeSource(assessment([], ['reason_other']))).toBe('expert')
    expect(outcomeSource(assessment([]))).toBe('none')
  })

  it('always fits the event source rule', () => {
    for (const regime of ['eu261', 'uk261', 'anac400', 'rac3', 'dot260', 'montreal'] as const) {
      for (const kind of ['reduced_compensation', 'reroute_or_refund', 'baggage_fee_refund', 'agreed_benefits'] as const) {
        expect(outcomeSource(assessment([entitlement(regime, kind)]))).toMatch(/^[a-z0-9_-]{0,32}$/)
      }
    }
  })
})
