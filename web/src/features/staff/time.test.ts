import { describe, expect, it } from 'vitest'
import { addDays, bothZones, dayIn, dueState, formatDay, formatTime, instantToWallClock, mondayOf, offsetLabel, wallClockToInstant } from './time'

describe('time zones in the console', () => {
  it('reads the calendar day of an instant in a zone', () => {
    // 03:00 UTC is still the evening before in Bogotá (UTC-5), already morning in Madrid.
    expect(dayIn('2026-12-02T03:00:00Z', 'America/Bogota')).toBe('2026-12-01')
    expect(dayIn('2026-12-02T03:00:00Z', 'Europe/Madrid')).toBe('2026-12-02')
  })

  it('adds days across months and finds the Monday of a week', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(mondayOf('2026-12-06')).toBe('2026-11-30') // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
  })

  it('names offsets, with minutes when a zone has them', () => {
    expect(offsetLabel('2026-12-01T14:00:00Z', 'America/Bogota')).toBe('UTC-5')
    expect(offsetLabel('2026-07-01T14:00:00Z', 'Europe/Madrid')).toBe('UTC+2')
    expect(offsetLabel('2026-12-01T14:00:00Z', 'Asia/Kolkata')).toBe('UTC+5:30')
    expect(offsetLabel('2026-12-01T14:00:00Z', 'UTC')).toBe('UTC')
  })

  it("shows the consultant's time with the traveller's beside it, or alone when their clocks agree or theirs is unknown", () => {
    const both = bothZones('2026-12-01T14:00:00Z', 'en', 'America/Bogota', 'Europe/Madrid')
    expect(both.staff).toEqual({ day: '2026-12-01', time: '9:00 AM', offset: 'UTC-5' })
    expect(both.traveller).toEqual({ day: '2026-12-01', time: '3:00 PM', offset: 'UTC+1', zone: 'Europe/Madrid' })
    expect(bothZones('2026-12-01T14:00:00Z', 'es', 'America/Bogota', 'America/Lima').traveller).toBeNull()
    expect(bothZones('2026-12-01T14:00:00Z', 'pt', 'America/Bogota', null).traveller).toBeNull()
    expect(bothZones('2026-12-01T14:00:00Z', 'pt', 'America/Bogota', 'Not/AZone').traveller).toBeNull()
    expect(formatTime('2026-12-01T14:00:00Z', 'es', 'America/Bogota')).toMatch(/^9:00\sa\.\s?m\.$/)
    expect(formatTime('2026-12-01T14:00:00Z', 'pt', 'America/Bogota')).toMatch(/^0?9:00$/)
    expect(formatDay('2026-12-01', 'pt')).toBe('terça-feira, 1 de dezembro de 2026')
  })

  it('turns a typed wall clock in a zone into the UTC instant, and back', () => {
    expect(wallClockToInstant('2026-12-01T09:30', 'America/Bogota')).toBe('2026-12-01T14:30:00Z')
    expect(wallClockToInstant('2026-07-01T09:30', 'Europe/Madrid')).toBe('2026-07-01T07:30:00Z')
    expect(wallClockToInstant('2026-12-01T09:30', 'Europe/Madrid')).toBe('2026-12-01T08:30:00Z')
    // The morning daylight saving time ends in Madrid (25 October 2026): after the change, UTC+1.
    expect(wallClockToInstant('2026-10-25T12:00', 'Europe/Madrid')).toBe('2026-10-25T11:00:00Z')
    expect(wallClockToInstant('2026-02-30T09:00', 'UTC')).toBeNull()
    expect(wallClockToInstant('2026-13-01T09:00', 'UTC')).toBeNull()
    expect(wallClockToInstant('', 'UTC')).toBeNull()
    expect(instantToWallClock('2026-12-01T14:30:00Z', 'America/Bogota')).toBe('2026-12-01T09:30')
  })

  it('says where a case stands against its due date', () => {
    const now = Date.parse('2026-12-01T12:00:00Z')
    expect(dueState('2026-12-20T12:00:00Z', now)).toEqual({ state: 'on_track', days: 19 })
    expect(dueState('2026-12-05T12:00:00Z', now)).toEqual({ state: 'due_soon', days: 4 })
    expect(dueState('2026-11-28T12:00:00Z', now)).toEqual({ state: 'overdue', days: 3 })
    expect(dueState('2026-11-28T06:00:00Z', now)).toEqual({ state: 'overdue', days: 3 })
    expect(dueState('2026-12-01T18:00:00Z', now)).toEqual({ state: 'due_soon', days: 1 })
  })
})
