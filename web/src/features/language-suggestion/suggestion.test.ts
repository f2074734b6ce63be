import { describe, expect, it } from 'vitest'
import { languageForCountry, suggestedLanguage } from './suggestion'

describe('languageForCountry', () => {
  it('maps the Spanish-speaking countries of SPEC §7 to es', () => {
    const spanish = 'AR BO CL CO CR CU DO EC SV GT HN MX NI PA PY PE ES UY VE'.split(' ')
    expect(spanish).toHaveLength(19)
    for (const code of spanish) expect(languageForCountry(code), code).toBe('es')
  })

  it('maps Brazil and Portugal to pt', () => {
    expect(languageForCountry('BR')).toBe('pt')
    expect(languageForCountry('PT')).toBe('pt')
  })

  it('accepts lower case and ignores other or missing countries', () => {
    expect(languageForCountry('mx')).toBe('es')
    for (const code of ['US', 'GB', 'FR', 'AO', 'PR', '', null, undefined]) expect(languageForCountry(code)).toBeNull()
  })
})

describe('suggestedLanguage', () => {
  const base = { countryCode: 'MX', current: 'en' as const, dismissed: null, chosen: null }

  it('suggests the country language when it differs from the current one', () => {
    expect(suggestedLanguage(base)).toBe('es')
    expect(suggestedLanguage({ ...base, countryCode: 'BR', current: 'es' })).toBe('pt')
  })

  it('stays quiet when the language already matches', () => {
    expect(suggestedLanguage({ ...base, current: 'es' })).toBeNull()
  })

  it('stays quiet once dismissed', () => {
    expect(suggestedLanguage({ ...base, dismissed: 'dismissed' })).toBeNull()
  })

  it('respects a language the visitor picked explicitly', () => {
    expect(suggestedLanguage({ ...base, chosen: 'en' })).toBeNull()
    expect(suggestedLanguage({ ...base, chosen: 'pt' })).toBe('es')
  })

  it('stays quiet for an unknown country', () => {
    expect(suggestedLanguage({ ...base, countryCode: null })).toBeNull()
  })
})
