import { beforeEach, describe, expect, it } from 'vitest'
import {
  EMPTY_DRAFT,
  firstLeadOf,
  freshDraft,
  initialDraft,
  keyFor,
  readDraft,
  rememberToken,
  SESSION_KEYS,
  signatureOf,
  tokenFor,
  writeDraft,
  type Draft,
} from './booking-store'
import type { BookingRequest } from '../../lib/api/types'

const BODY: BookingRequest = {
  name: 'Lucía',
  email: 'lucia@example.com',
  country: 'Spain',
  message: 'Lost my bag in Lima.',
  plan: 'complete',
  slot_start: '2026-11-24T14:00:00Z',
  language: 'es',
}

beforeEach(() => window.sessionStorage.clear())

describe('the draft kept for a reload', () => {
  it('round-trips through sessionStorage', () => {
    const draft: Draft = {
      values: { name: 'Lucía', email: 'lucia@example.com', country: 'Spain', message: 'Bag lost' },
      plan: 'complete',
      slot: { start: BODY.slot_start, end: '2026-11-24T15:00:00Z' },
      attempt: { key: 'k', signature: 's' },
      held: { id: 'b', plan: 'complete', slot: { start: BODY.slot_start, end: '2026-11-24T15:00:00Z' }, holdExpiresAt: null, signature: 's' },
    }
    writeDraft(draft)
    expect(readDraft()).toEqual(draft)
  })

  it('survives broken or foreign storage', () => {
    window.sessionStorage.setItem(SESSION_KEYS.draft, '{not json')
    expect(readDraft()).toEqual(EMPTY_DRAFT)
    window.sessionStorage.setItem(SESSION_KEYS.draft, JSON.stringify({ values: { name: 7 }, slot: { start: 1 }, held: { id: 'x' } }))
    expect(readDraft()).toEqual(EMPTY_DRAFT)
  })

  it('keeps the contact details for another booking, not the message or the time', () => {
    const next = freshDraft({ ...EMPTY_DRAFT, values: { name: 'A', email: 'a@b.co', country: 'Peru', message: 'long story' }, plan: 'complete' })
    expect(next).toEqual({ ...EMPTY_DRAFT, values: { name: 'A', email: 'a@b.co', country: 'Peru', message: '' } })
  })
})

describe('idempotency', () => {
  it('reuses the key for the same body and makes a new one for another', () => {
    const first = keyFor(EMPTY_DRAFT, BODY)
    expect(first.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keyFor({ ...EMPTY_DRAFT, attempt: first }, BODY)).toEqual(first)
    const other = keyFor({ ...EMPTY_DRAFT, attempt: first }, { ...BODY, slot_start: '2026-11-24T15:00:00Z' })
    expect(other.key).not.toBe(first.key)
    expect(other.signature).toBe(signatureOf({ ...BODY, slot_start: '2026-11-24T15:00:00Z' }))
  })

  it('counts the time zone as part of the body (the server compares the whole body)', () => {
    const madrid = keyFor(EMPTY_DRAFT, { ...BODY, time_zone: 'Europe/Madrid' })
    expect(keyFor({ ...EMPTY_DRAFT, attempt: madrid }, { ...BODY, time_zone: 'Europe/Madrid' })).toEqual(madrid)
    expect(keyFor({ ...EMPTY_DRAFT, attempt: madrid }, { ...BODY, time_zone: 'America/Lima' }).key).not.toBe(madrid.key)
  })
})

describe('tokens and leads', () => {
  it('keeps each booking token for this tab', () => {
    expect(tokenFor('a')).toBeNull()
    rememberToken('a', 'token-a')
    rememberToken('b', 'token-b')
    expect(tokenFor('a')).toBe('token-a')
    expect(tokenFor('b')).toBe('token-b')
  })

  it('counts a confirmation once, even after a reload', () => {
    expect(firstLeadOf('a')).toBe(true)
    expect(firstLeadOf('a')).toBe(false)
    expect(firstLeadOf('b')).toBe(true)
  })
})

describe('a message left by the passenger-rights checker', () => {
  it('fills an empty message once, then is deleted', () => {
    window.sessionStorage.setItem(SESSION_KEYS.bookingPrefill, 'Madrid → Bogotá, 4 h late: €600 under Regulation 261/2004.')
    const draft = initialDraft()
    expect(draft.values.message).toBe('Madrid → Bogotá, 4 h late: €600 under Regulation 261/2004.')
    expect(window.sessionStorage.getItem(SESSION_KEYS.bookingPrefill)).toBeNull()
    // A second read (strict mode, a reload) keeps the message without repeating it.
    expect(initialDraft().values.message).toBe(draft.values.message)
  })

  it('is added after what the visitor already wrote', () => {
    writeDraft({ ...EMPTY_DRAFT, values: { ...EMPTY_DRAFT.values, message: 'My own words.' } })
    window.sessionStorage.setItem(SESSION_KEYS.bookingPrefill, 'The checker summary.')
    expect(initialDraft().values.message).toBe('My own words.\n\nThe checker summary.')
  })

  it('changes nothing when there is none', () => {
    expect(initialDraft()).toEqual(readDraft())
  })
})
