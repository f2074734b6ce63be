import type { Airline, Airport, Assessment, CheckInput, EntitlementKind, Incident, Lang, Money, Reason, RegimeId } from '../rules/types'

/**
 * The checker's answers as typed (strings, nothing parsed yet), the rules of each step, and the
 * `CheckInput` they make. Plain functions: the wizard's components only show and collect.
 */

export const INCIDENTS = [
  'delay',
  'cancellation',
  'denied_boarding',
  'downgrade',
  'missed_connection',
  'luggage_lost',
  'luggage_delayed',
  'luggage_damaged',
] as const satisfies readonly Incident[]

export const REASONS = [
  'none_given',
  'technical',
  'own_staff_strike',
  'weather',
  'air_traffic_control',
  'security',
  'external_strike',
  'medical_emergency',
  'other',
] as const satisfies readonly Reason[]

export const STEPS = ['incident', 'flight', 'details', 'residence'] as const
export type Step = (typeof STEPS)[number]

/** Currencies offered for amounts; the default follows the departure airport's country. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'BRL', 'MXN', 'COP', 'ARS', 'CLP', 'PEN', 'CAD', 'CHF'] as const

export type YesNo = '' | 'yes' | 'no'

export interface PlaceDraft {
  text: string
  airport: Airport | null
}

export interface ConnectionDraft extends PlaceDraft {
  /** Stable across removals, for React keys and field ids. */
  key: number
}

export interface MoneyDraft {
  amount: string
  /** Empty: the default currency (see defaultCurrency). */
  currency: string
}

export interface Draft {
  incident: Incident | ''
  from: PlaceDraft
  to: PlaceDraft
  connections: ConnectionDraft[]
  airline: { text: string; airline: Airline | null }
  date: string
  oneTicket: YesNo
  delayHours: string
  delayMinutes: string
  noticeDays: string
  rerouteOffered: YesNo
  rerouteEarlierHours: string
  rerouteLaterHours: string
  reason: Reason | ''
  waitHours: string
  volunteered: YesNo
  ticketPrice: MoneyDraft
  expenses: MoneyDraft
  downgradeLegPrice: MoneyDraft
  luggageValue: MoneyDraft
  luggageReceivedDate: string
  packageTravel: YesNo
  residence: string
}

const NO_MONEY: MoneyDraft = { amount: '', currency: '' }
const NO_PLACE: PlaceDraft = { text: '', airport: null }

export function emptyDraft(): Draft {
  return {
    incident: '',
    from: NO_PLACE,
    to: NO_PLACE,
    connections: [],
    airline: { text: '', airline: null },
    date: '',
    oneTicket: '',
    delayHours: '',
    delayMinutes: '',
    noticeDays: '',
    rerouteOffered: '',
    rerouteEarlierHours: '',
    rerouteLaterHours: '',
    reason: '',
    waitHours: '',
    volunteered: '',
    ticketPrice: NO_MONEY,
    expenses: NO_MONEY,
    downgradeLegPrice: NO_MONEY,
    luggageValue: NO_MONEY,
    luggageReceivedDate: '',
    packageTravel: 'no',
    residence: '',
  }
}

/** The questions of step 3, each asked only for the incidents it matters to. */
export type Detail =
  | 'arrivalDelay'
  | 'noticeDays'
  | 'reroute'
  | 'reason'
  | 'wait'
  | 'volunteered'
  | 'ticketPrice'
  | 'expenses'
  | 'downgradeLegPrice'
  | 'luggageValue'
  | 'luggageReceivedDate'
  | 'packageTravel'

/** Per incident: its questions in screen order, and which of them must be answered. */
export const DETAILS: Record<Incident, { ask: readonly Detail[]; required: readonly Detail[] }> = {
  delay: { ask: ['arrivalDelay', 'reason', 'wait', 'ticketPrice', 'expenses', 'packageTravel'], required: ['arrivalDelay', 'reason'] },
  cancellation: {
    ask: ['noticeDays', 'reroute', 'reason', 'wait', 'ticketPrice', 'expenses', 'packageTravel'],
    required: ['noticeDays', 'reroute', 'reason'],
  },
  denied_boarding: { ask: ['volunteered', 'reroute', 'wait', 'ticketPrice', 'expenses', 'packageTravel'], required: ['volunteered', 'reroute'] },
  downgrade: { ask: ['downgradeLegPrice', 'ticketPrice', 'reason', 'packageTravel'], required: ['downgradeLegPrice'] },
  missed_connection: { ask: ['arrivalDelay', 'reason', 'wait', 'ticketPrice', 'expenses', 'packageTravel'], required: ['arrivalDelay', 'reason'] },
  luggage_lost: { ask: ['luggageValue', 'expenses', 'packageTravel'], required: ['luggageValue'] },
  luggage_delayed: { ask: ['luggageReceivedDate', 'expenses', 'luggageValue', 'packageTravel'], required: [] },
  luggage_damaged: { ask: ['luggageReceivedDate', 'luggageValue', 'expenses', 'packageTravel'], required: ['luggageReceivedDate', 'luggageValue'] },
}

export function asks(draft: Draft, detail: Detail): boolean {
  return draft.incident !== '' && DETAILS[draft.incident].ask.includes(detail)
}

function requires(draft: Draft, detail: Detail): boolean {
  return draft.incident !== '' && DETAILS[draft.incident].required.includes(detail)
}

/** Luggage incidents happen on arrival: the flight date may not be in the future, like a delay's. */
const MAY_BE_AHEAD: readonly Incident[] = ['cancellation']

export const ERRORS = [
  'incidentRequired',
  'airportRequired',
  'pickAirport',
  'sameAirport',
  'airlineRequired',
  'pickAirline',
  'dateRequired',
  'dateInFuture',
  'oneTicketRequired',
  'hoursRequired',
  'wholeNumber',
  'minutesRange',
  'daysRequired',
  'answerRequired',
  'numberInvalid',
  'reasonRequired',
  'amountRequired',
  'amountInvalid',
  'receivedDateRequired',
  'receivedBeforeFlight',
  'receivedInFuture',
  'residenceRequired',
] as const
export type DraftError = (typeof ERRORS)[number]

/** A message key per invalid field, in screen order; field names are the draft's ('connection-3' for a connection). */
export type DraftErrors = Record<string, DraftError>

const blank = (value: string) => value.trim() === ''

/** A number as typed, with a comma or a point for decimals; NaN when it is not one. */
export function parseNumber(value: string): number {
  const text = value.trim().replace(',', '.')
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
}

const isWhole = (value: string) => /^\d+$/.test(value.trim())

function placeError(place: PlaceDraft): DraftError | undefined {
  if (place.airport) return undefined
  return blank(place.text) ? 'airportRequired' : 'pickAirport'
}

function moneyError(money: MoneyDraft, required: boolean): DraftError | undefined {
  if (blank(money.amount)) return required ? 'amountRequired' : undefined
  const amount = parseNumber(money.amount)
  return Number.isFinite(amount) && amount > 0 ? undefined : 'amountInvalid'
}

function hoursError(value: string, required: boolean): DraftError | undefined {
  if (blank(value)) return required ? 'hoursRequired' : undefined
  return Number.isFinite(parseNumber(value)) ? undefined : 'numberInvalid'
}

function compact(errors: Record<string, DraftError | undefined>): DraftErrors {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, DraftError] => entry[1] !== undefined))
}

/** The problems of one step's answers; `today` is YYYY-MM-DD, so dates compare as text. */
export function validateStep(step: Step, draft: Draft, today: string): DraftErrors {
  switch (step) {
    case 'incident':
      return compact({ incident: draft.incident === '' ? 'incidentRequired' : undefined })
    case 'flight': {
      const errors: Record<string, DraftError | undefined> = {
        from: placeError(draft.from),
        to: placeError(draft.to) ?? (draft.from.airport && draft.to.airport?.iata === draft.from.airport.iata ? 'sameAirport' : undefined),
      }
      for (const connection of draft.connections) errors[`connection-${connection.key}`] = placeError(connection)
      errors.airline = draft.airline.airline ? undefined : blank(draft.airline.text) ? 'airlineRequired' : 'pickAirline'
      errors.date = blank(draft.date)
        ? 'dateRequired'
        : draft.date > today && !(draft.incident !== '' && MAY_BE_AHEAD.includes(draft.incident))
          ? 'dateInFuture'
          : undefined
      errors.oneTicket = draft.connections.length > 0 && draft.oneTicket === '' ? 'oneTicketRequired' : undefined
      return compact(errors)
    }
    case 'details': {
      const errors: Record<string, DraftError | undefined> = {}
      const ask = (detail: Detail) => asks(draft, detail)
      const need = (detail: Detail) => requires(draft, detail)
      if (ask('arrivalDelay')) {
        errors.delayHours = blank(draft.delayHours) ? (need('arrivalDelay') ? 'hoursRequired' : undefined) : isWhole(draft.delayHours) ? undefined : 'wholeNumber'
        errors.delayMinutes = blank(draft.delayMinutes) || (isWhole(draft.delayMinutes) && Number(draft.delayMinutes) < 60) ? undefined : 'minutesRange'
      }
      if (ask('noticeDays')) {
        errors.noticeDays = blank(draft.noticeDays) ? (need('noticeDays') ? 'daysRequired' : undefined) : isWhole(draft.noticeDays) ? undefined : 'wholeNumber'
      }
      if (ask('volunteered')) errors.volunteered = draft.volunteered === '' && need('volunteered') ? 'answerRequired' : undefined
      if (ask('reroute')) {
        errors.rerouteOffered = draft.rerouteOffered === '' && need('reroute') ? 'answerRequired' : undefined
        if (draft.rerouteOffered === 'yes') {
          errors.rerouteEarlierHours = hoursError(draft.rerouteEarlierHours, true)
          errors.rerouteLaterHours = hoursError(draft.rerouteLaterHours, true)
        }
      }
      if (ask('reason')) errors.reason = draft.reason === '' && need('reason') ? 'reasonRequired' : undefined
      if (ask('wait')) errors.waitHours = hoursError(draft.waitHours, false)
      for (const money of ['downgradeLegPrice', 'ticketPrice', 'luggageValue', 'expenses'] as const) {
        if (ask(money)) errors[money] = moneyError(draft[money], need(money))
      }
      if (ask('luggageReceivedDate')) {
        const received = draft.luggageReceivedDate
        errors.luggageReceivedDate = blank(received)
          ? need('luggageReceivedDate')
            ? 'receivedDateRequired'
            : undefined
          : received > today
            ? 'receivedInFuture'
            : !blank(draft.date) && received < draft.date
              ? 'receivedBeforeFlight'
              : undefined
      }
      return compact(errors)
    }
    case 'residence':
      return compact({ residence: blank(draft.residence) ? 'residenceRequired' : undefined })
  }
}

const EURO_COUNTRIES = new Set(['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'])
const COUNTRY_CURRENCY: Record<string, (typeof CURRENCIES)[number]> = {
  GB: 'GBP',
  BR: 'BRL',
  US: 'USD',
  MX: 'MXN',
  CO: 'COP',
  AR: 'ARS',
  CL: 'CLP',
  PE: 'PEN',
  CA: 'CAD',
  CH: 'CHF',
}

/** The currency amounts start in: the departure country's, else the page language's guess. */
export function defaultCurrency(draft: Draft, lang: Lang): string {
  const country = draft.from.airport?.country
  if (country) {
    if (EURO_COUNTRIES.has(country)) return 'EUR'
    const currency = COUNTRY_CURRENCY[country]
    if (currency) return currency
  }
  return lang === 'pt' ? 'BRL' : lang === 'es' ? 'EUR' : 'USD'
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Today in the traveller's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const hoursToMinutes = (value: string) => Math.round(parseNumber(value) * 60)

/**
 * The rules engine's input from finished answers (every step valid): only the questions asked
 * for the incident are set, amounts in the chosen currency.
 */
export function buildInput(draft: Draft, lang: Lang, today: string): CheckInput {
  if (draft.incident === '' || !draft.from.airport || !draft.to.airport || !draft.airline.airline) {
    throw new Error('buildInput: the answers are not complete')
  }
  const ask = (detail: Detail) => asks(draft, detail)
  const currency = defaultCurrency(draft, lang)
  const money = (value: MoneyDraft): Money | undefined =>
    blank(value.amount) ? undefined : { amount: parseNumber(value.amount), currency: value.currency || currency }
  const input: CheckInput = {
    lang,
    incident: draft.incident,
    from: draft.from.airport,
    to: draft.to.airport,
    connections: draft.connections.flatMap((connection) => (connection.airport ? [connection.airport] : [])),
    airline: draft.airline.airline,
    date: draft.date,
    oneTicket: draft.connections.length === 0 || draft.oneTicket !== 'no',
    reason: ask('reason') && draft.reason !== '' ? draft.reason : 'none_given',
    residence: draft.residence,
    today,
    packageTravel: draft.packageTravel === 'yes',
  }
  if (ask('arrivalDelay') && !blank(draft.delayHours)) {
    input.arrivalDelayMinutes = Number(draft.delayHours) * 60 + (blank(draft.delayMinutes) ? 0 : Number(draft.delayMinutes))
  }
  if (ask('noticeDays') && !blank(draft.noticeDays)) input.noticeDays = Number(draft.noticeDays)
  if (ask('reroute') && draft.rerouteOffered !== '') {
    input.rerouteOffered = draft.rerouteOffered === 'yes'
    if (input.rerouteOffered) {
      input.rerouteDepartureEarlierMinutes = hoursToMinutes(draft.rerouteEarlierHours)
      input.rerouteArrivalLaterMinutes = hoursToMinutes(draft.rerouteLaterHours)
      // The re-routed arrival is the passenger's delay at the final destination.
      input.arrivalDelayMinutes = input.rerouteArrivalLaterMinutes
    }
  }
  if (ask('wait') && !blank(draft.waitHours)) input.waitMinutes = hoursToMinutes(draft.waitHours)
  if (ask('volunteered') && draft.volunteered !== '') input.volunteered = draft.volunteered === 'yes'
  for (const name of ['ticketPrice', 'expenses', 'downgradeLegPrice', 'luggageValue'] as const) {
    const value = ask(name) ? money(draft[name]) : undefined
    if (value) input[name] = value
  }
  if (ask('luggageReceivedDate') && !blank(draft.luggageReceivedDate)) input.luggageReceivedDate = draft.luggageReceivedDate
  return input
}

const REGIME_SHORT: Record<RegimeId, string> = { eu261: 'eu261', uk261: 'uk261', anac400: 'anac', rac3: 'rac', dot260: 'dot', montreal: 'montreal' }
/** The entitlement a check is counted by: money first, then care ("assistance"), then the rest. */
const KIND_ORDER: readonly EntitlementKind[] = [
  'compensation',
  'reduced_compensation',
  'care',
  'reroute_or_refund',
  'refund',
  'downgrade_refund',
  'luggage_liability',
  'expenses',
  'baggage_fee_refund',
  'agreed_benefits',
  'information',
]
function rank(kind: EntitlementKind): number {
  const index = KIND_ORDER.indexOf(kind)
  return index < 0 ? KIND_ORDER.length : index
}
const KIND_SHORT: Partial<Record<EntitlementKind, string>> = { care: 'assistance' }

/**
 * The short outcome the `rights_check` event counts ([a-z0-9_-]{0,32}): 'eu261-compensation',
 * 'anac-assistance'…; 'expert' when nothing is owed for sure but an expert should look; 'none'.
 */
export function outcomeSource(assessment: Assessment): string {
  const main = assessment.owed.toSorted((a, b) => rank(a.kind) - rank(b.kind))[0]
  if (!main) return assessment.expert.length > 0 ? 'expert' : 'none'
  const source = `${REGIME_SHORT[main.regime]}-${KIND_SHORT[main.kind] ?? main.kind.replaceAll('_', '-')}`
  return source.slice(0, 32)
}
