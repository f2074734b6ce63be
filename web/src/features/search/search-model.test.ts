import { describe, expect, it } from 'vitest'
import { emptySearch, flightPlace, localToday } from './search-model'

describe('flight places', () => {
  it("sends a picked airport's IATA code, whatever the field shows", () => {
    expect(flightPlace('Madrid (MAD)', { iata: 'MAD' })).toBe('MAD')
  })

  it('sends a typed 3-letter code in capitals, and other text as typed', () => {
    expect(flightPlace(' bog ', null)).toBe('BOG')
    expect(flightPlace('Lima', null)).toBe('Lima')
    expect(flightPlace('', null)).toBe('')
  })
})

describe('the search model', () => {
  it('starts empty, one passenger and one room', () => {
    const empty = emptySearch()
    expect(empty.flights).toEqual({ from: '', to: '', depart: '', return: '', passengers: '1' })
    expect(empty.hotels.rooms).toBe('1')
  })

  it("gives today's date in the visitor's calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })
})
