import { describe, expect, it } from 'vitest'
import serverCountries from '../../../server/src/platform/countries/mod.rs?raw'
import { COUNTRIES, countryOptions, knownCountry } from './countries'

describe('the sign-up countries (SPEC §3)', () => {
  it('are 64, with unique codes and unique English names, sorted by name', () => {
    expect(COUNTRIES).toHaveLength(64)
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(64)
    expect(new Set(COUNTRIES.map(([, name]) => name)).size).toBe(64)
    for (const [code, name] of COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/)
      expect(name, 'English names are plain ASCII').toMatch(/^[A-Za-z][A-Za-z .-]+$/)
    }
    const names = COUNTRIES.map(([, name]) => name)
    expect(names).toEqual(names.toSorted())
  })

  it('are exactly the server list, in the same order (server/src/platform/countries/mod.rs)', () => {
    const pairs = [...serverCountries.matchAll(/\("([A-Z]{2})", "([^"]+)"\)/g)].map((m) => [m[1], m[2]])
    expect(pairs).toEqual(COUNTRIES.map(([code, name]) => [code, name]))
  })

  it('show in the page language but keep the English name as the value', () => {
    const spanish = countryOptions('es')
    const germany = spanish.find((option) => option.code === 'DE')
    expect(germany).toEqual({ code: 'DE', value: 'Germany', label: 'Alemania' })
    expect(countryOptions('pt').find((option) => option.code === 'US')?.label).toBe('Estados Unidos')
    // Sorted the way a Spanish reader expects: Alemania comes first.
    expect(spanish[0]?.label).toBe('Alemania')
  })

  it('recognise only stored names from the list', () => {
    expect(knownCountry('Brazil')).toBe('Brazil')
    expect(knownCountry('Brasil')).toBe('')
    expect(knownCountry(null)).toBe('')
  })
})
