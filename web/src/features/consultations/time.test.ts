import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addDays,
  browserTimeZone,
  dayOf,
  formatCountdown,
  formatDay,
  formatDuration,
  formatTime,
  mondayOf,
  offsetLabel,
  slotsByDay,
  slotTimes,
  visitorTimeZone,
  zoneOffsetMinutes,
} from './time'

const WINTER = new Date('2026-01-15T15:00:00Z')
/** Intl separates "9:00 a. m." and "US$ 49" with (narrow) no-break spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ')
const SUMMER = new Date('2026-07-15T15:00:00Z')

describe('zone offsets', () => {
  it('Bogotá is UTC-5 all year (no daylight saving)', () => {
    expect(zoneOffsetMinutes(WINTER, 'America/Bogota')).toBe(-300)
    expect(zoneOffsetMinutes(SUMMER, 'America/Bogota')).toBe(-300)
  })

  it('follows daylight saving where the visitor has it', () => {
    expect(zoneOffsetMinutes(WINTER, 'Europe/Madrid')).toBe(60)
    expect(zoneOffsetMinutes(SUMMER, 'Europe/Madrid')).toBe(120)
    expect(zoneOffsetMinutes(WINTER, 'America/New_York')).toBe(-300)
    expect(zoneOffsetMinutes(SUMMER, 'America/New_York')).toBe(-240)
    expect(zoneOffsetMinutes(SUMMER, 'UTC')).toBe(0)
    expect(zoneOffsetMinutes(SUMMER, 'Asia/Kolkata')).toBe(330)
  })

  it('labels offsets the way SPEC writes them', () => {
    expect(offsetLabel(-300)).toBe('UTC-5')
    expect(offsetLabel(120)).toBe('UTC+2')
    expect(offsetLabel(330)).toBe('UTC+5:30')
    expect(offsetLabel(-570)).toBe('UTC-9:30')
    expect(offsetLabel(0)).toBe('UTC')
  })
})

describe('calendar days', () => {
  it('are days in the consultant zone, not in UTC', () => {
    // 03:00 UTC on the 25th is still 22:00 on the 24th in Bogotá.
    expect(dayOf('2026-11-25T03:00:00Z', 'America/Bogota')).toBe('2026-11-24')
    expect(dayOf('2026-11-25T05:00:00Z', 'America/Bogota')).toBe('2026-11-25')
  })

  it('add up across months and years, and start weeks on Monday', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(mondayOf('2026-11-26')).toBe('2026-11-23') // a Thursday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23')
    expect(mondayOf('2026-11-29')).toBe('2026-11-23') // a Sunday
  })

  it('group free slots by consultant day, in time order', () => {
    const byDay = slotsByDay(
      [
        { start: '2026-11-24T15:00:00Z', end: '2026-11-24T16:00:00Z' },
        { start: '2026-11-24T14:00:00Z', end: '2026-11-24T15:00:00Z' },
        { start: '2026-11-25T14:00:00Z', end: '2026-11-25T15:00:00Z' },
      ],
      'America/Bogota',
    )
    expect([...byDay.keys()]).toEqual(['2026-11-24', '2026-11-25'])
    expect(byDay.get('2026-11-24')!.map((slot) => slot.start)).toEqual(['2026-11-24T14:00:00Z', '2026-11-24T15:00:00Z'])
  })

  it('are named in the page language', () => {
    expect(formatDay('2026-11-24', 'en')).toBe('Tuesday, November 24, 2026')
    expect(formatDay('2026-11-24', 'es')).toBe('martes, 24 de noviembre de 2026')
    expect(formatDay('2026-11-24', 'pt')).toBe('terça-feira, 24 de novembro de 2026')
  })
})

describe('a slot in UTC-5 with the visitor time beside it', () => {
  const nineAmBogota = '2026-11-24T14:00:00Z'

  it('shows one time when the visitor is in Bogotá', () => {
    const times = slotTimes(nineAmBogota, 'en', 'America/Bogota')
    expect(times.consultant).toMatchObject({ day: '2026-11-24', time: '9:00 AM', offset: 'UTC-5' })
    expect(times.local).toBeNull()
  })

  it('adds the local time of a visitor in Madrid, with its winter offset', () => {
    const times = slotTimes(nineAmBogota, 'es', 'Europe/Madrid')
    expect(plain(times.consultant.time)).toBe('9:00 a.m.')
    expect(plain(times.local!.time)).toBe('3:00 p.m.')
    expect(times.local).toMatchObject({ offset: 'UTC+1', sameDay: true })
  })

  it('uses the summer offset of the same visitor in July (daylight saving)', () => {
    const times = slotTimes('2026-07-14T14:00:00Z', 'pt', 'Europe/Madrid')
    expect(times.local).toMatchObject({ time: '16:00', offset: 'UTC+2' })
  })

  it('New York matches Bogotá in winter and is one hour ahead in summer', () => {
    expect(slotTimes(nineAmBogota, 'en', 'America/New_York').local).toBeNull()
    expect(slotTimes('2026-07-14T14:00:00Z', 'en', 'America/New_York').local).toMatchObject({ time: '10:00 AM', offset: 'UTC-4' })
  })

  it('says when the visitor is already on the next day', () => {
    const times = slotTimes('2026-11-24T21:00:00Z', 'pt', 'Asia/Tokyo')
    expect(times.consultant).toMatchObject({ day: '2026-11-24', time: '16:00' })
    expect(times.local).toMatchObject({ day: '2026-11-25', time: '6:00', offset: 'UTC+9', sameDay: false })
  })

  it('formats times, durations and the hold countdown', () => {
    expect(formatTime(nineAmBogota, 'pt', 'America/Bogota')).toBe('9:00')
    expect(plain(formatTime(nineAmBogota, 'en', 'Europe/Lisbon'))).toBe('2:00 PM')
    expect(formatDuration(60, 'en')).toBe('60 minutes')
    expect(formatDuration(30, 'es')).toBe('30 minutos')
    expect(formatCountdown(15 * 60_000)).toBe('15:00')
    expect(formatCountdown(61_001)).toBe('1:02')
    expect(formatCountdown(-5)).toBe('0:00')
  })
})

describe("the visitor's own zone", () => {
  afterEach(() => vi.restoreAllMocks())

  it('is the browser zone, or nothing (UTC for display) when the browser does not say', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions)
    expect(browserTimeZone()).toBeUndefined()
    expect(visitorTimeZone()).toBe('UTC')
  })
})
