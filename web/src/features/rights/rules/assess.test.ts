import { describe, expect, it } from 'vitest'
import { AIRPORTS as A, airline, checkInput, pairAt } from './fixtures'
import { bandFor, greatCircleKm } from './geo'
import { assess, searchAirlines } from './index'
import { SDR_RATES } from './sdr'
import type { Assessment, CheckInput, EntitlementKind, Money, RegimeId } from './types'

const comp = (a: Assessment, regime: RegimeId) =>
  a.owed.find((e) => e.regime === regime && (e.kind === 'compensation' || e.kind === 'reduced_compensation'))
const owes = (a: Assessment, regime: RegimeId, kind: EntitlementKind) => a.owed.find((e) => e.regime === regime && e.kind === kind)
const denies = (a: Assessment, regime: RegimeId, kind: EntitlementKind) => a.notOwed.find((e) => e.regime === regime && e.kind === kind)
const regimes = (a: Assessment) => a.regimes.map((r) => r.id)
const eur = (amount: number): Money => ({ amount, currency: 'EUR' })
const gbp = (amount: number): Money => ({ amount, currency: 'GBP' })

interface Case {
  /** What is exercised, with the rule it cites. */
  name: string
  input: Partial<CheckInput>
  check: (a: Assessment) => void
}

const CASES: Case[] = [
  // Regulation 261/2004 Art. 7 + CJEU C-402/07 Sturgeon: compensation from 3 h of arrival delay.
  {
    name: 'Art. 7(1)(c), Sturgeon: MAD→BOG on Iberia, 4 h late, technical → €600 (≈ 8,0xx km)',
    input: { from: A.MAD, to: A.BOG, arrivalDelayMinutes: 240, reason: 'technical' },
    check: (a) => {
      expect(a.distance.km).toBeGreaterThanOrEqual(8000)
      expect(a.distance.km).toBeLessThan(8100)
      expect(a.distance.band).toBe('long')
      expect(comp(a, 'eu261')?.amount).toEqual(eur(600))
      expect(comp(a, 'eu261')?.kind).toBe('compensation')
      expect(a.expert).toEqual([])
    },
  },
  {
    name: 'Art. 7(2)(c), Sturgeon §63: MAD→BOG 3 h 59 late → halved to €300',
    input: { from: A.MAD, to: A.BOG, arrivalDelayMinutes: 239 },
    check: (a) => expect(comp(a, 'eu261')).toMatchObject({ kind: 'reduced_compensation', amount: eur(300) }),
  },
  {
    name: 'Sturgeon: 2 h 59 at arrival → no compensation, but care (short band, ≥ 2 h)',
    input: { arrivalDelayMinutes: 179 },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(denies(a, 'eu261', 'compensation')?.rule).toBe('eu261.sturgeon.under3h')
      expect(owes(a, 'eu261', 'care')).toBeDefined()
    },
  },
  {
    name: 'Sturgeon: 3 h 00 at arrival → €250 (MAD→BCN, ≤ 1,500 km)',
    input: { arrivalDelayMinutes: 180 },
    check: (a) => {
      expect(a.distance.band).toBe('short')
      expect(comp(a, 'eu261')?.amount).toEqual(eur(250))
    },
  },
  {
    name: 'Art. 7(1)(b): intra-EU over 1,500 km (MAD→Tenerife) → €400',
    input: { to: A.TFN, arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(a.distance.intraEu).toBe(true)
      expect(a.distance.km).toBeGreaterThan(1500)
      expect(comp(a, 'eu261')?.amount).toEqual(eur(400))
    },
  },
  {
    name: 'Art. 7(1)(b): 1,500–3,500 km outside the EU (MAD→IST on Turkish) → €400',
    input: { to: A.IST, airline: airline('TK'), arrivalDelayMinutes: 200 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(400)),
  },
  {
    name: 'Art. 7(1): 1,499 km → €250 (band edge)',
    input: { from: pairAt(1499, 'ES', 'ES')[0], to: pairAt(1499, 'ES', 'ES')[1], arrivalDelayMinutes: 200 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(250)),
  },
  {
    name: 'Art. 7(1): 1,501 km → €400 (band edge)',
    input: { from: pairAt(1501, 'ES', 'MA')[0], to: pairAt(1501, 'ES', 'MA')[1], arrivalDelayMinutes: 200 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(400)),
  },
  {
    name: 'Art. 7(1): 3,499 km outside the EU → €400 (band edge)',
    input: { from: pairAt(3499, 'ES', 'MA')[0], to: pairAt(3499, 'ES', 'MA')[1], arrivalDelayMinutes: 300 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(400)),
  },
  {
    name: 'Art. 7(1): 3,501 km outside the EU → €600 (band edge)',
    input: { from: pairAt(3501, 'ES', 'MA')[0], to: pairAt(3501, 'ES', 'MA')[1], arrivalDelayMinutes: 300 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(600)),
  },
  {
    name: 'Art. 7(1)(b): 3,600 km within the EU stays €400',
    input: { from: pairAt(3600, 'ES', 'FI')[0], to: pairAt(3600, 'ES', 'FI')[1], arrivalDelayMinutes: 300 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(400)),
  },
  // Scope, Art. 3(1).
  {
    name: 'Art. 3(1)(b): Bogotá→Madrid on Avianca (non-EU carrier) → no EU261',
    input: { from: A.BOG, to: A.MAD, airline: airline('AV'), arrivalDelayMinutes: 300, residence: 'CO' },
    check: (a) => {
      expect(regimes(a)).not.toContain('eu261')
      expect(a.notApplicable.find((r) => r.id === 'eu261')?.rule).toBe('eu261.scope.arrival_foreign_carrier')
      expect(regimes(a)).toContain('rac3')
    },
  },
  {
    name: 'Art. 3(1)(b): Bogotá→Madrid on Iberia (EU carrier) → EU261 €600',
    input: { from: A.BOG, to: A.MAD, airline: airline('IB'), arrivalDelayMinutes: 300 },
    check: (a) => {
      expect(regimes(a)).toContain('eu261')
      expect(comp(a, 'eu261')?.amount).toEqual(eur(600))
      expect(a.sendTo.some((d) => d.name.startsWith('AESA'))).toBe(true)
    },
  },
  {
    name: 'Art. 3(1): Miami→São Paulo on LATAM → no EU261; ANAC 400 and DOT apply',
    input: { from: A.MIA, to: A.GRU, airline: airline('LA'), arrivalDelayMinutes: 300, residence: 'BR' },
    check: (a) => {
      expect(regimes(a)).toEqual(['anac400', 'dot260'])
      expect(a.notApplicable.find((r) => r.id === 'eu261')?.rule).toBe('eu261.scope.none')
    },
  },
  // Cancellation, Art. 5(1)(c).
  {
    name: 'Art. 5(1)(c)(i): told 14 days before → no compensation',
    input: { incident: 'cancellation', noticeDays: 14 },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(denies(a, 'eu261', 'compensation')?.rule).toBe('eu261.art5_1_c.14+')
      expect(owes(a, 'eu261', 'reroute_or_refund')).toBeDefined()
    },
  },
  {
    name: 'Art. 5(1)(c)(ii): told 13 days before, alternative 2 h earlier and 3 h 59 later → no compensation',
    input: { incident: 'cancellation', noticeDays: 13, rerouteOffered: true, rerouteDepartureEarlierMinutes: 120, rerouteArrivalLaterMinutes: 239 },
    check: (a) => expect(denies(a, 'eu261', 'compensation')?.rule).toBe('eu261.art5_1_c.7-13'),
  },
  {
    name: 'Art. 5(1)(c)(ii): told 13 days before, alternative 4 h later → €250',
    input: { incident: 'cancellation', noticeDays: 13, rerouteOffered: true, rerouteDepartureEarlierMinutes: 0, rerouteArrivalLaterMinutes: 240 },
    check: (a) => expect(comp(a, 'eu261')).toMatchObject({ kind: 'compensation', amount: eur(250) }),
  },
  {
    name: 'Art. 5(1)(c)(ii): told 7 days before, alternative 2 h 01 earlier (on time) → owed, halved to €125',
    input: { incident: 'cancellation', noticeDays: 7, rerouteOffered: true, rerouteDepartureEarlierMinutes: 121, rerouteArrivalLaterMinutes: 0 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(125)),
  },
  {
    name: 'Art. 5(1)(c)(iii): told 6 days before, alternative 1 h earlier and 1 h 59 later → no compensation',
    input: { incident: 'cancellation', noticeDays: 6, rerouteOffered: true, rerouteDepartureEarlierMinutes: 60, rerouteArrivalLaterMinutes: 119 },
    check: (a) => expect(denies(a, 'eu261', 'compensation')?.rule).toBe('eu261.art5_1_c.<7'),
  },
  {
    name: 'Art. 5(1)(c)(iii) + 7(2)(a): told 6 days before, arrived 2 h later → owed, halved to €125',
    input: { incident: 'cancellation', noticeDays: 6, rerouteOffered: true, rerouteDepartureEarlierMinutes: 0, rerouteArrivalLaterMinutes: 120 },
    check: (a) => expect(comp(a, 'eu261')).toMatchObject({ kind: 'reduced_compensation', amount: eur(125) }),
  },
  {
    name: 'Art. 5(1)(c)(iii): told 2 days before, no alternative, MAD→JFK → €600, refund or re-routing, care',
    input: { incident: 'cancellation', to: A.JFK, noticeDays: 2, ticketPrice: eur(700) },
    check: (a) => {
      expect(comp(a, 'eu261')?.amount).toEqual(eur(600))
      expect(owes(a, 'eu261', 'reroute_or_refund')?.amount).toEqual(eur(700))
      expect(owes(a, 'eu261', 'care')?.items).toHaveLength(3)
    },
  },
  {
    name: 'Art. 7(2)(c): re-routed MAD→JFK arriving 4 h later → €300',
    input: { incident: 'cancellation', to: A.JFK, noticeDays: 1, rerouteOffered: true, rerouteArrivalLaterMinutes: 240 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(300)),
  },
  {
    name: 'Art. 7(2)(c): re-routed MAD→JFK arriving 4 h 01 later → full €600',
    input: { incident: 'cancellation', to: A.JFK, noticeDays: 1, rerouteOffered: true, rerouteArrivalLaterMinutes: 241 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(600)),
  },
  {
    name: 'Art. 7(2)(b): re-routed MAD→Tenerife arriving 3 h later → €200',
    input: { incident: 'denied_boarding', to: A.TFN, rerouteOffered: true, rerouteArrivalLaterMinutes: 180 },
    check: (a) => expect(comp(a, 'eu261')?.amount).toEqual(eur(200)),
  },
  // Extraordinary circumstances, Art. 5(3).
  {
    name: 'Art. 5(3): weather → no compensation, care still owed',
    input: { arrivalDelayMinutes: 300, reason: 'weather' },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(denies(a, 'eu261', 'compensation')?.rule).toBe('eu261.art5_3')
      expect(owes(a, 'eu261', 'care')).toBeDefined()
    },
  },
  {
    name: 'Art. 5(3): air traffic control strike → no compensation',
    input: { incident: 'cancellation', noticeDays: 0, reason: 'external_strike' },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(owes(a, 'eu261', 'reroute_or_refund')).toBeDefined()
    },
  },
  {
    name: 'C-195/17 Krüsemann: the airline’s own staff strike is not extraordinary → €250',
    input: { arrivalDelayMinutes: 200, reason: 'own_staff_strike' },
    check: (a) => expect(comp(a, 'eu261')?.why.en).toContain('Krüsemann'),
  },
  {
    name: 'Art. 5(3): a cause described as "other" → owed but disputed, expert',
    input: { arrivalDelayMinutes: 200, reason: 'other' },
    check: (a) => {
      expect(comp(a, 'eu261')?.disputed).toBe(true)
      expect(a.expert).toContain('reason_other')
    },
  },
  // Missed connections, C-11/11 Folkerts.
  {
    name: 'C-11/11 Folkerts: missed connection on one ticket = delay at final destination → €600',
    input: { incident: 'missed_connection', from: A.MAD, connections: [A.LIS], to: A.BOG, airline: airline('TP'), arrivalDelayMinutes: 300 },
    check: (a) => expect(comp(a, 'eu261')).toMatchObject({ rule: 'eu261.folkerts', amount: eur(600) }),
  },
  {
    name: 'Folkerts: separate tickets → not covered, expert',
    input: { incident: 'missed_connection', oneTicket: false, to: A.BOG, connections: [A.LIS], arrivalDelayMinutes: 600 },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(a.expert).toContain('separate_tickets')
    },
  },
  // Denied boarding, Art. 4.
  {
    name: 'Art. 4(3): involuntary denied boarding LHR→JFK on BA → £520 (UK261)',
    input: { incident: 'denied_boarding', from: A.LHR, to: A.JFK, airline: airline('BA'), residence: 'GB' },
    check: (a) => {
      expect(regimes(a)).toContain('uk261')
      expect(comp(a, 'uk261')?.amount).toEqual(gbp(520))
      expect(a.sendTo.some((d) => d.name.startsWith('CAA'))).toBe(true)
    },
  },
  {
    name: 'Art. 4(1): volunteers get what they agreed, no fixed compensation',
    input: { incident: 'denied_boarding', volunteered: true },
    check: (a) => {
      expect(comp(a, 'eu261')).toBeUndefined()
      expect(owes(a, 'eu261', 'agreed_benefits')).toBeDefined()
    },
  },
  // UK261 amounts.
  {
    name: 'UK261 Art. 7(1)(a): LHR→MAD on BA, 3 h 20 late → £220',
    input: { from: A.LHR, to: A.MAD, airline: airline('BA'), arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(regimes(a)).toEqual(['uk261'])
      expect(comp(a, 'uk261')?.amount).toEqual(gbp(220))
    },
  },
  {
    name: 'UK261 Art. 7(1)(b): LHR→IST on Turkish → £350',
    input: { from: A.LHR, to: A.IST, airline: airline('TK'), arrivalDelayMinutes: 200 },
    check: (a) => expect(comp(a, 'uk261')?.amount).toEqual(gbp(350)),
  },
  {
    name: 'Art. 3(1): London→Madrid on Iberia → UK261 only (no double compensation with EU261)',
    input: { from: A.LHR, to: A.MAD, airline: airline('IB'), arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(regimes(a)).toEqual(['uk261'])
      expect(a.notApplicable.find((r) => r.id === 'eu261')?.rule).toBe('eu261.scope.uk_departure')
      expect(a.owed.filter((e) => e.kind === 'compensation')).toHaveLength(1)
    },
  },
  {
    name: 'Brazilian domestic damaged bag (GRU→SSA on Azul) → national law, not Montreal; 5-year limit',
    input: { incident: 'luggage_damaged', from: A.GRU, to: A.SSA, airline: airline('AD'), residence: 'BR' },
    check: (a) => {
      expect(regimes(a)).toEqual(['anac400'])
      expect(owes(a, 'anac400', 'luggage_liability')?.rule).toBe('anac400.luggage_damaged')
      expect(a.deadlines[0]?.years).toBe(5)
    },
  },
  // Downgrade, Art. 10(2).
  {
    name: 'Art. 10(2)(a): downgrade ≤ 1,500 km → 30 %',
    input: { incident: 'downgrade', downgradeLegPrice: eur(200) },
    check: (a) => expect(owes(a, 'eu261', 'downgrade_refund')?.amount).toEqual(eur(60)),
  },
  {
    name: 'Art. 10(2)(b): downgrade intra-EU > 1,500 km → 50 %',
    input: { incident: 'downgrade', to: A.TFN, downgradeLegPrice: eur(300) },
    check: (a) => expect(owes(a, 'eu261', 'downgrade_refund')?.amount).toEqual(eur(150)),
  },
  {
    name: 'Art. 10(2)(c): downgrade MAD→JFK → 75 %',
    input: { incident: 'downgrade', to: A.JFK, downgradeLegPrice: eur(1000) },
    check: (a) => expect(owes(a, 'eu261', 'downgrade_refund')?.amount).toEqual(eur(750)),
  },
  // Art. 6.
  {
    name: 'Art. 6(1)(iii): 5 h delay → refund of the unused ticket offered',
    input: { arrivalDelayMinutes: 300, ticketPrice: eur(90) },
    check: (a) => expect(owes(a, 'eu261', 'refund')?.amount).toEqual(eur(90)),
  },
  {
    name: 'Art. 6(1)(iii): 4 h 59 → no refund entitlement',
    input: { arrivalDelayMinutes: 299 },
    check: (a) => expect(owes(a, 'eu261', 'refund')).toBeUndefined(),
  },
  {
    name: 'Art. 6(1)(a): short band care from 2 h: 1 h 59 waited → none',
    input: { arrivalDelayMinutes: 100, waitMinutes: 119 },
    check: (a) => expect(denies(a, 'eu261', 'care')).toBeDefined(),
  },
  {
    name: 'Art. 6(1)(c): long band care from 4 h: 3 h 59 waited → none; expenses reimbursed',
    input: { to: A.JFK, arrivalDelayMinutes: 239, waitMinutes: 239, expenses: eur(45) },
    check: (a) => {
      expect(denies(a, 'eu261', 'care')).toBeDefined()
      expect(owes(a, 'eu261', 'expenses')?.amount).toEqual(eur(45))
    },
  },
  // Brazil, ANAC 400.
  {
    name: 'ANAC 400 Art. 21, 27: GRU→SSA on GOL, cancelled, waited 5 h → communication, food, lodging; choice; no fixed compensation',
    input: { incident: 'cancellation', from: A.GRU, to: A.SSA, airline: airline('G3'), waitMinutes: 300, noticeDays: 0, residence: 'BR', lang: 'pt' },
    check: (a) => {
      expect(regimes(a)).toEqual(['anac400'])
      expect(owes(a, 'anac400', 'care')?.items).toHaveLength(3)
      expect(owes(a, 'anac400', 'reroute_or_refund')?.rule).toBe('anac400.art21')
      expect(a.owed.some((e) => e.kind === 'compensation')).toBe(false)
      expect(denies(a, 'anac400', 'compensation')?.why.pt).toContain('NÃO fixam indenização')
      expect(a.deadlines.find((d) => d.regime === 'anac400')?.years).toBe(5)
      expect(a.sendTo.map((d) => d.name)).toEqual(expect.arrayContaining(['consumidor.gov.br', 'Juizado Especial Cível']))
    },
  },
  {
    name: 'ANAC 400 Art. 21: delay of exactly 4 h → no choice of refund yet',
    input: { from: A.GRU, to: A.SSA, airline: airline('G3'), arrivalDelayMinutes: 240, residence: 'BR' },
    check: (a) => expect(denies(a, 'anac400', 'reroute_or_refund')).toBeDefined(),
  },
  {
    name: 'ANAC 400 Art. 21: delay of 4 h 01 → choice of re-routing, refund or other transport',
    input: { from: A.GRU, to: A.SSA, airline: airline('G3'), arrivalDelayMinutes: 241, residence: 'BR' },
    check: (a) => expect(owes(a, 'anac400', 'reroute_or_refund')).toBeDefined(),
  },
  {
    name: 'ANAC 400 Art. 24: domestic denied boarding → 250 SDR, converted to BRL with the rate date',
    input: { incident: 'denied_boarding', from: A.GRU, to: A.SSA, airline: airline('G3'), residence: 'BR' },
    check: (a) => {
      const c = comp(a, 'anac400')
      expect(c?.amount).toEqual({ amount: 250, currency: 'SDR' })
      expect(c?.converted).toEqual({ amount: Math.round(250 * SDR_RATES.perSdr.BRL!), currency: 'BRL', rateDate: SDR_RATES.date })
    },
  },
  {
    name: 'ANAC 400 Art. 24: international denied boarding (GRU→MIA) → 500 SDR',
    input: { incident: 'denied_boarding', from: A.GRU, to: A.MIA, airline: airline('JJ'), residence: 'BR' },
    check: (a) => expect(comp(a, 'anac400')?.amount).toEqual({ amount: 500, currency: 'SDR' }),
  },
  // Colombia, RAC 3 numeral 3.10.2.
  {
    name: 'RAC 3, 3.10.2: BOG→MDE delay 5 h 01 → at least 30 % of the leg',
    input: { from: A.BOG, to: A.MDE, airline: airline('AV'), arrivalDelayMinutes: 301, ticketPrice: { amount: 400000, currency: 'COP' }, residence: 'CO' },
    check: (a) => {
      expect(comp(a, 'rac3')).toMatchObject({ amount: { amount: 120000, currency: 'COP' }, atLeast: true })
      expect(owes(a, 'rac3', 'care')?.items).toHaveLength(3)
      expect(a.sendTo.some((d) => d.name.startsWith('SIC'))).toBe(true)
    },
  },
  {
    name: 'RAC 3, 3.10.2: delay of exactly 5 h → assistance only',
    input: { from: A.BOG, to: A.MDE, airline: airline('AV'), arrivalDelayMinutes: 300, waitMinutes: 200, residence: 'CO' },
    check: (a) => {
      expect(comp(a, 'rac3')).toBeUndefined()
      expect(owes(a, 'rac3', 'care')?.items).toHaveLength(2)
    },
  },
  {
    name: 'RAC 3: cancellation for weather → refund or re-routing, no 30 %',
    input: { incident: 'cancellation', from: A.BOG, to: A.MDE, airline: airline('P5'), reason: 'weather', residence: 'CO' },
    check: (a) => {
      expect(comp(a, 'rac3')).toBeUndefined()
      expect(owes(a, 'rac3', 'reroute_or_refund')).toBeDefined()
    },
  },
  // United States, 14 CFR part 260.
  {
    name: '14 CFR 260.2: domestic JFK→LAX, 2 h 59 → not a significant change',
    input: { from: A.JFK, to: A.LAX, airline: airline('AA'), arrivalDelayMinutes: 179, residence: 'US' },
    check: (a) => {
      expect(denies(a, 'dot260', 'refund')).toBeDefined()
      expect(denies(a, 'dot260', 'compensation')?.rule).toBe('dot260.no_compensation')
    },
  },
  {
    name: '14 CFR 260.2: domestic JFK→LAX, 3 h 00 → refund if not accepted',
    input: { from: A.JFK, to: A.LAX, airline: airline('AA'), arrivalDelayMinutes: 180, residence: 'US' },
    check: (a) => expect(owes(a, 'dot260', 'refund')?.rule).toBe('dot260.significant_change'),
  },
  {
    name: '14 CFR 260.2: international JFK→BOG, 5 h 59 → not significant; no EU261',
    input: { from: A.JFK, to: A.BOG, airline: airline('AA'), arrivalDelayMinutes: 359, residence: 'CO' },
    check: (a) => {
      expect(regimes(a)).toEqual(['dot260'])
      expect(denies(a, 'dot260', 'refund')).toBeDefined()
    },
  },
  {
    name: '14 CFR 260.2: international JFK→BOG, 6 h 00 → refund',
    input: { from: A.JFK, to: A.BOG, airline: airline('AA'), arrivalDelayMinutes: 360, residence: 'CO' },
    check: (a) => expect(owes(a, 'dot260', 'refund')).toBeDefined(),
  },
  {
    name: '14 CFR 260.6: cancellation MIA→JFK → cash refund of the ticket',
    input: { incident: 'cancellation', from: A.MIA, to: A.JFK, airline: airline('DL'), ticketPrice: { amount: 320, currency: 'USD' }, residence: 'US' },
    check: (a) => expect(owes(a, 'dot260', 'refund')?.amount).toEqual({ amount: 320, currency: 'USD' }),
  },
  // Montreal Convention.
  {
    name: 'Montreal Art. 22(2): lost bag MAD→BOG, resident in Colombia → up to 1,519 SDR in COP',
    input: { incident: 'luggage_lost', from: A.MAD, to: A.BOG, residence: 'CO' },
    check: (a) => {
      expect(regimes(a)).toEqual(['montreal'])
      const e = owes(a, 'montreal', 'luggage_liability')
      expect(e).toMatchObject({ upTo: true, amount: { amount: 1519, currency: 'SDR' } })
      expect(e?.converted?.currency).toBe('COP')
      expect(a.sdrRateDate).toBe(SDR_RATES.date)
      expect(a.deadlines.find((d) => d.regime === 'montreal')?.until).toBe('2028-03-10')
    },
  },
  {
    name: 'Montreal Art. 31(2): damaged bag → written complaint within 7 days of receipt',
    input: { incident: 'luggage_damaged', from: A.MAD, to: A.LIS, luggageReceivedDate: '2026-03-11' },
    check: (a) => expect(a.deadlines[0]).toMatchObject({ days: 7, until: '2026-03-18' }),
  },
  {
    name: 'Montreal Art. 31(2): delayed bag → within 21 days of being handed back; expenses',
    input: { incident: 'luggage_delayed', from: A.MAD, to: A.LIS, luggageReceivedDate: '2026-03-11', expenses: eur(80) },
    check: (a) => {
      expect(a.deadlines[0]).toMatchObject({ days: 21, until: '2026-04-01' })
      expect(owes(a, 'montreal', 'expenses')?.amount).toEqual(eur(80))
    },
  },
  {
    name: 'Montreal Art. 1: domestic US bag on American → not Montreal; DOT bag-fee refund',
    input: { incident: 'luggage_delayed', from: A.JFK, to: A.LAX, airline: airline('AA'), residence: 'US' },
    check: (a) => {
      expect(regimes(a)).toEqual(['dot260'])
      expect(owes(a, 'dot260', 'baggage_fee_refund')).toBeDefined()
    },
  },
  // Deadlines and where to send.
  {
    name: 'Limitation: Spain 5 years from the flight; AESA for a departure from Madrid',
    input: { arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(a.deadlines[0]).toMatchObject({ regime: 'eu261', years: 5, until: '2031-03-10' })
      expect(a.sendTo[0]).toMatchObject({ kind: 'airline', name: 'Iberia', url: 'https://www.iberia.com' })
      expect(a.sendTo[1]?.name).toMatch(/^AESA/)
    },
  },
  {
    name: 'Limitation: Germany 3 years from the end of the year (FRA→MAD)',
    input: { from: A.FRA, to: A.MAD, airline: airline('LH'), arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(a.deadlines[0]).toMatchObject({ years: 3, until: '2029-12-31' })
      expect(a.sendTo.map((d) => d.name)).toEqual(expect.arrayContaining(['LBA — Luftfahrt-Bundesamt']))
    },
  },
  {
    name: 'Limitation: a country without a table entry (Athens) → claim as soon as possible',
    input: { from: A.ATH, to: A.FRA, airline: airline('LH'), arrivalDelayMinutes: 200 },
    check: (a) => {
      expect(a.deadlines[0]?.until).toBeUndefined()
      expect(a.deadlines[0]?.label.en).toContain('as soon as possible')
    },
  },
  {
    name: 'Package travel → expert',
    input: { arrivalDelayMinutes: 200, packageTravel: true },
    check: (a) => expect(a.expert).toContain('package_travel'),
  },
  {
    name: 'No regime at all (Istanbul→Bogotá on Turkish) → expert',
    input: { from: A.IST, to: A.BOG, airline: airline('TK'), arrivalDelayMinutes: 300 },
    check: (a) => {
      expect(a.regimes).toEqual([])
      expect(a.expert).toContain('no_regime')
    },
  },
]

describe('assess: worked cases', () => {
  it('has at least 40 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(40))
  it.each(CASES)('$name', ({ input, check }) => {
    expect.hasAssertions()
    check(assess(checkInput(input)))
  })
})

describe('ANAC 400 Art. 27 thresholds: communication from 1 h, food from 2 h, lodging from 4 h', () => {
  const waits: Array<[number, number]> = [
    [59, 0],
    [60, 1],
    [119, 1],
    [120, 2],
    [239, 2],
    [240, 3],
  ]
  it.each(waits)('%i min waited → %i kinds of assistance', (wait, items) => {
    const a = assess(checkInput({ from: A.GRU, to: A.SSA, airline: airline('AD'), waitMinutes: wait, arrivalDelayMinutes: wait, residence: 'BR' }))
    expect(owes(a, 'anac400', 'care')?.items?.length ?? 0).toBe(items)
    expect(Boolean(denies(a, 'anac400', 'care'))).toBe(items === 0)
  })
})

describe('distance and bands (Art. 7(1), C-559/16 Bossen)', () => {
  it('great circle MAD→BOG ≈ 8,0xx km', () => expect(Math.round(greatCircleKm(A.MAD, A.BOG))).toBeGreaterThan(8000))
  it('1,500 km is short, just above is medium', () => {
    expect(bandFor(1500, false)).toBe('short')
    expect(bandFor(1500.01, false)).toBe('medium')
  })
  it('3,500 km is medium, just above is long unless intra-EU', () => {
    expect(bandFor(3500, false)).toBe('medium')
    expect(bandFor(3500.01, false)).toBe('long')
    expect(bandFor(3500.01, true)).toBe('medium')
  })
})

describe('searchAirlines', () => {
  it('ignores accents and case', () => expect(searchAirlines('aeromexico')[0]?.name).toBe('Aeroméxico'))
  it('puts an exact code first', () => expect(searchAirlines('ib')[0]?.name).toBe('Iberia'))
  it('matches words inside names', () => expect(searchAirlines('portugal').map((a) => a.iata)).toContain('TP'))
  it('answers nothing for nothing', () => expect(searchAirlines('  ')).toEqual([]))
})
