import type { FieldErrors, FlightSearch, HotelSearch, SearchError, SearchKind, SearchValues, TrainSearch } from './search-model'

const blank = (value: string) => value.trim() === ''
const samePlace = (a: string, b: string) => !blank(a) && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

/** The first rule a date breaks, if any. */
function dateError(value: string, today: string, required: SearchError | null): SearchError | undefined {
  if (blank(value)) return required ?? undefined
  return value < today ? 'dateInPast' : undefined
}

function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== undefined)) as FieldErrors<T>
}

export function validateFlights(search: FlightSearch, today: string): FieldErrors<FlightSearch> {
  const returnError =
    blank(search.return) ? undefined : !blank(search.depart) && search.return < search.depart ? 'returnBeforeDepart' : dateError(search.return, today, null)
  return compact<FlightSearch>({
    from: blank(search.from) ? 'fromRequired' : undefined,
    to: blank(search.to) ? 'toRequired' : samePlace(search.from, search.to) ? 'samePlace' : undefined,
    depart: dateError(search.depart, today, 'departRequired'),
    return: returnError,
  })
}

export function validateHotels(search: HotelSearch, today: string): FieldErrors<HotelSearch> {
  const checkoutError = blank(search.checkout)
    ? 'checkoutRequired'
    : !blank(search.checkin) && search.checkout <= search.checkin
      ? 'checkoutNotAfterCheckin'
      : dateError(search.checkout, today, null)
  return compact<HotelSearch>({
    destination: blank(search.destination) ? 'destinationRequired' : undefined,
    checkin: dateError(search.checkin, today, 'checkinRequired'),
    checkout: checkoutError,
  })
}

/** docs/product.md#search-widget requires nothing here: the partner's own search page opens with what was given. */
export function validateTrains(search: TrainSearch, today: string): FieldErrors<TrainSearch> {
  return compact<TrainSearch>({
    to: samePlace(search.from, search.to) ? 'samePlace' : undefined,
    date: dateError(search.date, today, null),
  })
}

export const VALIDATORS: { [K in SearchKind]: (search: SearchValues[K], today: string) => FieldErrors<SearchValues[K]> } = {
  flights: validateFlights,
  hotels: validateHotels,
  trains: validateTrains,
}
