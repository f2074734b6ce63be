/**
 * The three searches of the home page's widget and their rules (docs/product.md#search-widget):
 * flight from, to and departure date, and every hotel field, are required; the return
 * date is optional. Beyond the required fields, dates cannot be in the past, a return cannot come
 * before the departure, a check-out must follow the check-in, and a trip needs two
 * different places. Dates are ISO days (YYYY-MM-DD), so they compare as text.
 */
export const SEARCH_KINDS = ['flights', 'hotels', 'trains'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export const PASSENGERS = { min: 1, max: 6 } as const
export const ROOMS = { min: 1, max: 5 } as const
export const TRANSPORT_MODES = ['train', 'bus', 'all'] as const
export type TransportMode = (typeof TRANSPORT_MODES)[number]

export interface FlightSearch {
  from: string
  to: string
  depart: string
  return: string
  passengers: string
}

export interface HotelSearch {
  destination: string
  checkin: string
  checkout: string
  rooms: string
}

export interface TrainSearch {
  from: string
  to: string
  date: string
  mode: TransportMode
}

export type SearchValues = { flights: FlightSearch; hotels: HotelSearch; trains: TrainSearch }

export const SEARCH_ERRORS = [
  'fromRequired',
  'toRequired',
  'samePlace',
  'departRequired',
  'returnBeforeDepart',
  'destinationRequired',
  'checkinRequired',
  'checkoutRequired',
  'checkoutNotAfterCheckin',
  'dateInPast',
] as const
export type SearchError = (typeof SEARCH_ERRORS)[number]

/** A message key per invalid field, in the order of the fields on screen. */
export type FieldErrors<T> = Partial<Record<keyof T, SearchError>>

export function emptySearch(): SearchValues {
  return {
    flights: { from: '', to: '', depart: '', return: '', passengers: '1' },
    hotels: { destination: '', checkin: '', checkout: '', rooms: '1' },
    trains: { from: '', to: '', date: '', mode: 'all' },
  }
}

/**
 * What a flight's from/to sends to the partner: the picked airport's IATA code; a typed
 * 3-letter code, in capitals, when nothing was picked; otherwise the text as typed.
 */
export function flightPlace(text: string, airport: { iata: string } | null): string {
  if (airport) return airport.iata
  const trimmed = text.trim()
  return /^[a-z]{3}$/i.test(trimmed) ? trimmed.toUpperCase() : text
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Today in the visitor's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
