import { describe, expect, it } from 'vitest'
import { filtersFromSearch, searchWithFilters } from './filters'

describe('the catalogue state in the address', () => {
  it('reads the category and the order, falling back to every category and featured', () => {
    expect(filtersFromSearch('')).toEqual({ category: null, sort: 'featured' })
    expect(filtersFromSearch('?category=guides&sort=price_asc')).toEqual({ category: 'guides', sort: 'price_asc' })
    expect(filtersFromSearch('?sort=cheapest&category=<script>')).toEqual({ category: null, sort: 'featured' })
    expect(filtersFromSearch('?sort=newest')).toEqual({ category: null, sort: 'newest' })
  })

  it('writes a change and keeps other parameters; the defaults are left out', () => {
    expect(searchWithFilters('', { category: 'gear' })).toBe('?category=gear')
    expect(searchWithFilters('?category=gear', { sort: 'price_desc' })).toBe('?category=gear&sort=price_desc')
    expect(searchWithFilters('?category=gear&sort=price_desc', { category: null })).toBe('?sort=price_desc')
    expect(searchWithFilters('?sort=price_desc&utm_source=mail', { sort: 'featured' })).toBe('?utm_source=mail')
    expect(searchWithFilters('?category=gear', { category: null })).toBe('')
  })
})
