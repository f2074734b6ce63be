import { describe, expect, it } from 'vitest'
import { localeFile } from '../../test/locales'
import { LANGUAGES } from '../../i18n/languages'
import { emptySearch, localToday, SEARCH_ERRORS, type SearchError } from './search-model'
import { validateFlights, validateHotels, validateTrains } from './validation'

const today = '2026-05-10'
const flights = (overrides = {}) => ({ ...emptySearch().flights, from: 'Lisbon', to: 'Madrid', depart: '2026-06-01', ...overrides })
const hotels = (overrides = {}) => ({ ...emptySearch().hotels, destination: 'Porto', checkin: '2026-06-01', checkout: '2026-06-04', ...overrides })
const trains = (overrides = {}) => ({ ...emptySearch().trains, ...overrides })

describe('flight search (SPEC §5: from, to and departure required; return optional)', () => {
  it('accepts a one-way and a return trip', () => {
    expect(validateFlights(flights(), today)).toEqual({})
    expect(validateFlights(flights({ return: '2026-06-01' }), today)).toEqual({})
  })

  it('names each missing field, in the order they appear', () => {
    const errors = validateFlights(emptySearch().flights, today)
    expect(errors).toEqual({ from: 'fromRequired', to: 'toRequired', depart: 'departRequired' })
    expect(Object.keys(errors)).toEqual(['from', 'to', 'depart'])
    expect(validateFlights(flights({ from: '   ' }), today)).toEqual({ from: 'fromRequired' })
  })

  it('refuses the same place twice, a past date and a return before the departure', () => {
    expect(validateFlights(flights({ to: ' lisbon ' }), today)).toEqual({ to: 'samePlace' })
    expect(validateFlights(flights({ depart: '2026-05-09' }), today)).toEqual({ depart: 'dateInPast' })
    expect(validateFlights(flights({ return: '2026-05-31' }), today)).toEqual({ return: 'returnBeforeDepart' })
    expect(validateFlights(flights({ depart: '', return: '2026-05-01' }), today)).toEqual({ depart: 'departRequired', return: 'dateInPast' })
  })
})

describe('hotel search (SPEC §5: every field required)', () => {
  it('accepts a stay of at least one night', () => {
    expect(validateHotels(hotels(), today)).toEqual({})
    expect(validateHotels(hotels({ checkin: today, checkout: '2026-05-11' }), today)).toEqual({})
  })

  it('names each missing field', () => {
    expect(validateHotels(emptySearch().hotels, today)).toEqual({
      destination: 'destinationRequired',
      checkin: 'checkinRequired',
      checkout: 'checkoutRequired',
    })
  })

  it('needs the check-out after the check-in, and no past dates', () => {
    expect(validateHotels(hotels({ checkout: '2026-06-01' }), today)).toEqual({ checkout: 'checkoutNotAfterCheckin' })
    expect(validateHotels(hotels({ checkin: '2026-05-01', checkout: '2026-05-02' }), today)).toEqual({ checkin: 'dateInPast', checkout: 'dateInPast' })
  })
})

describe('train and bus search (SPEC §5 requires nothing)', () => {
  it('accepts an empty search, but not a trip to where you are or in the past', () => {
    expect(validateTrains(trains(), today)).toEqual({})
    expect(validateTrains(trains({ from: 'Porto', to: 'porto' }), today)).toEqual({ to: 'samePlace' })
    expect(validateTrains(trains({ date: '2026-01-01' }), today)).toEqual({ date: 'dateInPast' })
  })
})

describe('messages', () => {
  it('every rule has a distinct message in English, Spanish and Portuguese', () => {
    for (const lang of LANGUAGES) {
      const errors = (localeFile(lang, 'search') as { errors: Record<SearchError, string> }).errors
      expect(Object.keys(errors).toSorted(), lang).toEqual([...SEARCH_ERRORS].toSorted())
      expect(new Set(Object.values(errors)).size, `${lang}: distinct`).toBe(SEARCH_ERRORS.length)
    }
  })

  it("uses the visitor's own calendar day", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})
