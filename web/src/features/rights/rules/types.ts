/**
 * Shapes of the passenger-rights checker (issue 16). Pure data: no React, no
 * network. Everything here is computed in the traveller's browser.
 */

export type Lang = 'en' | 'es' | 'pt'

export type Incident =
  | 'delay'
  | 'cancellation'
  | 'denied_boarding'
  | 'downgrade'
  | 'missed_connection'
  | 'luggage_lost'
  | 'luggage_delayed'
  | 'luggage_damaged'

export type Reason =
  | 'none_given'
  | 'technical'
  | 'own_staff_strike'
  | 'weather'
  | 'air_traffic_control'
  | 'security'
  | 'external_strike'
  | 'medical_emergency'
  | 'other'

/** As GET /api/v1/airports answers (snake_case JSON): iata, icao, name, city (localized), country (ISO 3166-1 alpha-2), lat, lon, tz. */
export interface Airport {
  iata: string
  icao: string | null
  name: string
  city: string
  country: string
  lat: number
  lon: number
  tz: string
}

export interface Airline {
  iata: string
  name: string
  /** ISO 3166-1 alpha-2 of the carrier's licence: decides "EU carrier" and "foreign airline". */
  country: string
  claimUrl?: string
}

export interface Money {
  amount: number
  /** ISO 4217, e.g. EUR, GBP, BRL, USD; 'SDR' for special drawing rights. */
  currency: string
}

export interface CheckInput {
  lang: Lang
  incident: Incident
  from: Airport
  to: Airport
  /** Connections, in order. */
  connections: Airport[]
  airline: Airline
  /** Scheduled departure date, YYYY-MM-DD. */
  date: string
  /** All flights on one booking. */
  oneTicket: boolean
  /** At the final destination vs schedule (delay, missed connection, denied boarding/cancellation when re-routed). */
  arrivalDelayMinutes?: number
  /** Cancellation: how many days before departure the traveller was told. */
  noticeDays?: number
  rerouteOffered?: boolean
  /** The alternative left this much earlier than the original (0 if later). */
  rerouteDepartureEarlierMinutes?: number
  /** The alternative arrived this much later than the original. */
  rerouteArrivalLaterMinutes?: number
  reason: Reason
  /** Time spent waiting at the airport (assistance/care). */
  waitMinutes?: number
  /** Denied boarding: gave up the seat voluntarily. */
  volunteered?: boolean
  ticketPrice?: Money
  expenses?: Money
  downgradeLegPrice?: Money
  luggageValue?: Money
  /** Delayed/damaged luggage: when it was handed back, YYYY-MM-DD. */
  luggageReceivedDate?: string
  packageTravel?: boolean
  /** ISO2 country where the traveller lives. */
  residence: string
  /** YYYY-MM-DD, for deadlines. */
  today: string
}

/** A localized text: every user-facing string of the engine exists in the three languages. */
export type Text = Record<Lang, string>

export type RegimeId = 'eu261' | 'uk261' | 'anac400' | 'rac3' | 'dot260' | 'montreal'

/** A legal source: what it is and where to read it. */
export interface Source {
  /** Short citation, e.g. "Regulation (EC) 261/2004, Art. 7(1)". Not translated. */
  cite: string
  url?: string
}

export interface RegimeApplies {
  id: RegimeId
  /** Localized regime name, e.g. "EU Regulation 261/2004". */
  name: Text
  /** The scope rule that made it apply. */
  rule: string
  /** Why it applies, localized. */
  why: Text
  source: Source
}

export type Band = 'short' | 'medium' | 'long'

export interface DistanceInfo {
  /** Great-circle km between first departure and final destination, rounded. */
  km: number
  /** EU/UK 261 band, when an EU/UK regime applies. */
  band?: Band
  /** Localized description of the band, e.g. "1,500–3,500 km". */
  bandLabel?: Text
  intraEu?: boolean
}

export type EntitlementKind =
  | 'compensation'
  | 'reduced_compensation'
  | 'refund'
  | 'reroute_or_refund'
  | 'care'
  | 'expenses'
  | 'downgrade_refund'
  | 'baggage_fee_refund'
  | 'luggage_liability'
  | 'information'
  | 'agreed_benefits'

export interface Entitlement {
  regime: RegimeId
  kind: EntitlementKind
  /** Fixed amount, when the rule sets one (e.g. €600, 250 SDR, or 30 % of a price the traveller gave). */
  amount?: Money
  /** Same amount converted to the traveller's currency (e.g. SDR → BRL), with the rate date. */
  converted?: Money & { rateDate: string }
  /** A maximum rather than a fixed sum (the Montreal cap). */
  upTo?: boolean
  /** A minimum ("not less than 30 %"). */
  atLeast?: boolean
  /** Owed unless the airline proves extraordinary circumstances the traveller could not judge. */
  disputed?: boolean
  /** Rule id in the rule table, e.g. 'eu261.art7'. */
  rule: string
  source: Source
  /** Short localized title, e.g. "Compensation". */
  title: Text
  /** Localized explanation of why. */
  why: Text
  /** Items, e.g. meals, two calls, hotel (care). */
  items?: Text[]
}

export interface NotOwed {
  regime: RegimeId
  kind: EntitlementKind
  rule: string
  source: Source
  title: Text
  why: Text
}

export interface Deadline {
  regime: RegimeId
  /** Localized, e.g. "5 years (Spain)". */
  label: Text
  /** Computed date when the period is fixed, YYYY-MM-DD. */
  until?: string
  /** Days/years, or undefined when it depends on the country. */
  years?: number
  days?: number
  source: Source
}

export interface Destination {
  /** The regime it serves, when it belongs to one. */
  regime?: RegimeId
  kind: 'airline' | 'body' | 'platform' | 'court'
  name: string
  url?: string
  /** Localized note, e.g. "first ask the airline; if it refuses or does not answer within 6 weeks…". */
  note: Text
}

export type ExpertReason =
  | 'reason_other'
  | 'extraordinary_disputed'
  | 'separate_tickets'
  | 'package_travel'
  | 'no_regime'
  | 'claim_over_cap'

export interface Assessment {
  regimes: RegimeApplies[]
  /** Regimes checked that do NOT apply, with why (e.g. Bogotá→Madrid on Avianca: no EU261). */
  notApplicable: RegimeApplies[]
  distance: DistanceInfo
  owed: Entitlement[]
  notOwed: NotOwed[]
  deadlines: Deadline[]
  /** Localized list of documents to gather. */
  documents: Text[]
  /** Where to send the claim, in order (airline first). */
  sendTo: Destination[]
  expert: ExpertReason[]
  /** Date of the SDR rate table used for conversions. */
  sdrRateDate: string
}
