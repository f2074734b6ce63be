import { INTL_LOCALE, type Lang } from '../../i18n/languages'
import type { Instant, IsoDate } from './types'

/**
 * Times in the console. The API speaks UTC instants; a consultant reads them in their own zone
 * (GET /staff/me's consultant.time_zone, else the browser's) with the traveller's local time
 * beside them. Kept apart from consultations/time.ts on purpose: importing that module here
 * would split it out of the booking pages' chunks (web/README.md, "Performance budget").
 */

/** The browser's IANA zone; UTC when the browser does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** Whether `zone` is an IANA zone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    return zone.trim() !== '' && new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== ''
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, format)
  }
  return format
}

/** The wall clock of an instant in a zone, as numbers. */
function wallClock(instant: Date, zone: string) {
  const parts = formatter('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00'
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') }
}

/** The calendar day of an instant in a zone. */
export function dayIn(instant: Instant | Date, zone: string): IsoDate {
  const { year, month, day } = wallClock(new Date(instant), zone)
  return `${year}-${month}-${day}`
}

export function addDays(day: IsoDate, days: number): IsoDate {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The Monday on or before `day` (consultants' weeks start on Monday). */
export function mondayOf(day: IsoDate): IsoDate {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/** The zone's offset from UTC at that instant, in minutes (Bogotá -300, Madrid 60 or 120). */
export function offsetMinutes(instant: Date, zone: string): number {
  const { year, month, day, hour, minute } = wallClock(instant, zone)
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute))
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000)
}

/** "UTC-5", "UTC+5:30", "UTC". */
export function offsetLabel(instant: Instant | Date, zone: string): string {
  const minutes = offsetMinutes(new Date(instant), zone)
  if (minutes === 0) return 'UTC'
  const abs = Math.abs(minutes)
  const rest = abs % 60
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

/** "9:00 AM" / "09:00" at that instant in that zone. */
export function formatTime(instant: Instant, lang: Lang, zone: string): string {
  return formatter(INTL_LOCALE[lang], { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant))
}

/** "Tuesday, November 24, 2026" (a calendar day: no zone to convert). */
export function formatDay(day: IsoDate, lang: Lang, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
      : { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }
  return formatter(INTL_LOCALE[lang], options).format(new Date(`${day}T12:00:00Z`))
}

/** A date and time in one zone, short ("Nov 24, 2026, 9:00 AM"), for lists and the log. */
export function formatDateTime(instant: Instant, lang: Lang, zone: string): string {
  return formatter(INTL_LOCALE[lang], { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant))
}

export interface ZonedTime {
  day: IsoDate
  time: string
  offset: string
}

function zoned(instant: Instant, lang: Lang, zone: string): ZonedTime {
  return { day: dayIn(instant, zone), time: formatTime(instant, lang, zone), offset: offsetLabel(instant, zone) }
}

/**
 * An instant for the consultant (in their zone) and for the traveller (in theirs), or null for
 * the traveller when their zone is unknown or reads the same clock.
 */
export function bothZones(
  instant: Instant,
  lang: Lang,
  staffZone: string,
  travellerZone: string | null,
): { staff: ZonedTime; traveller: (ZonedTime & { zone: string }) | null } {
  const staff = zoned(instant, lang, staffZone)
  if (!travellerZone || !isTimeZone(travellerZone)) return { staff, traveller: null }
  const date = new Date(instant)
  if (offsetMinutes(date, travellerZone) === offsetMinutes(date, staffZone)) return { staff, traveller: null }
  return { staff, traveller: { ...zoned(instant, lang, travellerZone), zone: travellerZone } }
}

/**
 * A `datetime-local` value ("2026-12-01T09:30") read as a wall clock in `zone`, as a UTC
 * instant; null when the value is not one. Twice round, so a value next to a daylight-saving
 * change lands on the offset of its own side.
 */
export function wallClockToInstant(value: string, zone: string): Instant | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (mo < 1 || mo > 12 || new Date(asUtc).getUTCDate() !== d || h > 23 || mi > 59) return null
  let instant = asUtc - offsetMinutes(new Date(asUtc), zone) * 60_000
  instant = asUtc - offsetMinutes(new Date(instant), zone) * 60_000
  return new Date(instant).toISOString().replace('.000Z', 'Z')
}

/** The `datetime-local` value of an instant in `zone` (to pre-fill a picker). */
export function instantToWallClock(instant: Instant, zone: string): string {
  const { year, month, day, hour, minute } = wallClock(new Date(instant), zone)
  return `${year}-${month}-${day}T${hour}:${minute}`
}

export type DueState = 'overdue' | 'due_soon' | 'on_track'

/** Where a case stands against its 21-day promise: overdue, due within 7 days, or on track. */
export function dueState(dueAt: Instant, now: number = Date.now()): { state: DueState; days: number } {
  const ms = Date.parse(dueAt) - now
  // Whole days passed or left, at least one: "overdue by 3 days" until the fourth has passed.
  const days = Math.max(1, Math.floor(Math.abs(ms) / 86_400_000))
  if (ms < 0) return { state: 'overdue', days }
  return { state: ms <= 7 * 86_400_000 ? 'due_soon' : 'on_track', days }
}
