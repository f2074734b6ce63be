import { describe, expect, it } from 'vitest'
import { displayName, initials } from './display-name'

const FALLBACK = 'Usuario'

describe('displayName (SPEC §3 fallback chain)', () => {
  const user = {
    email: 'ana.silva@example.com',
    user_metadata: { first_name: 'Ana', last_name: 'Silva', full_name: 'Ana M. Silva', name: 'anita' },
  }

  it('uses the profile first and last name first', () => {
    expect(displayName({ first_name: 'Lucía', last_name: 'Pérez' }, user, FALLBACK)).toBe('Lucía Pérez')
  })

  it('falls back to the first name alone', () => {
    expect(displayName({ first_name: 'Lucía', last_name: '  ' }, user, FALLBACK)).toBe('Lucía')
  })

  it('then to full_name, then name metadata', () => {
    const profile = { first_name: null, last_name: 'Pérez' }
    expect(displayName(profile, user, FALLBACK)).toBe('Ana M. Silva')
    expect(displayName(profile, { ...user, user_metadata: { name: 'anita' } }, FALLBACK)).toBe('anita')
  })

  it('then to the part of the e-mail before @, then the word for "user"', () => {
    const profile = { first_name: '', last_name: '' }
    expect(displayName(profile, { email: 'ana.silva@example.com', user_metadata: {} }, FALLBACK)).toBe('ana.silva')
    expect(displayName(profile, { email: '', user_metadata: {} }, FALLBACK)).toBe('Usuario')
    expect(displayName(null, null, 'User')).toBe('User')
  })

  it('uses the sign-up metadata names while the profile is missing (loading or failed)', () => {
    expect(displayName(null, user, FALLBACK)).toBe('Ana Silva')
  })

  it('ignores metadata that is not text', () => {
    expect(displayName(null, { email: 'x@y.z', user_metadata: { full_name: 42, name: null } }, FALLBACK)).toBe('x')
  })
})

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Lucía Pérez')).toBe('LP')
    expect(initials('ana maría silva')).toBe('AM')
    expect(initials('ana.silva')).toBe('A')
    expect(initials('  ')).toBe('?')
  })
})
