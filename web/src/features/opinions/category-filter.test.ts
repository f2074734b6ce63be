import { describe, expect, it } from 'vitest'
import { CATEGORY_FILTERS, categoryFromSearch, searchForCategory } from './category-filter'

describe('opinion categories ↔ address', () => {
  it('reads the category from ?category=, and anything unknown as All', () => {
    expect(categoryFromSearch('?category=hotel')).toBe('hotel')
    expect(categoryFromSearch('?utm_source=x&category=insurance')).toBe('insurance')
    expect(categoryFromSearch('')).toBe('all')
    expect(categoryFromSearch('?category=cruise')).toBe('all')
    expect(categoryFromSearch('?category=HOTEL')).toBe('all')
    expect(categoryFromSearch('?category=')).toBe('all')
  })

  it('offers All and the eight categories, in order', () => {
    expect(CATEGORY_FILTERS).toEqual(['all', 'airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'])
  })

  it('writes each filter as a shareable query, keeping other parameters', () => {
    expect(searchForCategory('all')).toBe('')
    expect(searchForCategory('rail')).toBe('?category=rail')
    expect(searchForCategory('bus', '?category=rail&ref=mail')).toBe('?category=bus&ref=mail')
    expect(searchForCategory('all', '?category=rail&ref=mail')).toBe('?ref=mail')
  })

  it('round-trips every filter', () => {
    for (const filter of CATEGORY_FILTERS) expect(categoryFromSearch(searchForCategory(filter))).toBe(filter)
  })
})
