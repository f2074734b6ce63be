import { describe, expect, it } from 'vitest'
import { filterFromSearch, searchForFilter, TRIP_FILTERS } from './trip-filter'

describe('destination tabs ↔ address', () => {
  it('reads the tab from ?type=, and anything unknown as All', () => {
    expect(filterFromSearch('?type=beaches')).toBe('beaches')
    expect(filterFromSearch('?utm_source=x&type=cultural')).toBe('cultural')
    expect(filterFromSearch('')).toBe('all')
    expect(filterFromSearch('?type=volcanoes')).toBe('all')
    expect(filterFromSearch('?type=BEACHES')).toBe('all')
  })

  it('writes each tab as a shareable query, keeping other parameters', () => {
    expect(TRIP_FILTERS.map((filter) => searchForFilter(filter))).toEqual(['', '?type=beaches', '?type=mountains', '?type=cities', '?type=cultural'])
    expect(searchForFilter('cities', '?type=beaches&ref=mail')).toBe('?type=cities&ref=mail')
    expect(searchForFilter('all', '?type=beaches&ref=mail')).toBe('?ref=mail')
  })

  it('round-trips every tab', () => {
    for (const filter of TRIP_FILTERS) expect(filterFromSearch(searchForFilter(filter))).toBe(filter)
  })
})
