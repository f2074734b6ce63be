import { INTL_LOCALE, type Lang } from '../../i18n/languages'
import type { Slot } from '../../lib/api/types'

/**
 * Times of the consultation flow. The API speaks UTC instants; the consultants work in
 * America/Bogota (UTC-5 all year, no daylight saving: docs/product.md#availability), and every time is shown
 * there with the visitor's own local time beside it.
 */
export const CONSULTANT_ZONE = 'America/Bogota'

/** Calendar days are 'YYYY-MM-DD' strings in the consultant zone (the API's `from`/`to`). */
export type Day = string

export { INTL_LOCALE } from '../../i18n/languages'

/** The browser's own zone (an IANA name), or undefined when it does not say (sent with a booking). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** The browser's zone (an IANA name); UTC when the browser does not say. */
export function visitorTimeZone(): string {
  return browserTimeZone() ?? 'UTC'
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

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? ''
}

/** The zone's offset from UTC at that instant, in minutes (Bogotá: -300; Madrid: 60 or 120). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const name = part(formatter('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(instant), 'timeZoneName')
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!match) return 0 // "GMT": UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/** "UTC-5", "UTC+5:30", "UTC". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC'
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  const rest = abs % 60
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

/** The calendar day of an instant in a zone. */
export function dayOf(instant: Date | string, zone: string): Day {
  const parts = formatter('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant))
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`
}

export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: Day): number {
  return (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7
}

/** The Monday on or before `day`. */
export function mondayOf(day: Day): Day {
  return addDays(day, -weekdayIndex(day))
}

/** The free slots grouped by consultant-zone day, both in time order. */
export function slotsByDay(slots: Slot[], zone: string): Map<Day, Slot[]> {
  const byDay = new Map<Day, Slot[]>()
  for (const slot of slots.toSorted((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const day = dayOf(slot.start, zone)
    byDay.set(day, [...(byDay.get(day) ?? []), slot])
  }
  return byDay
}

/** "Tuesday, November 24" in the page's language (a calendar day: no zone to convert). */
export function formatDay(day: Day, lang: Lang, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
      : { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }
  return formatter(INTL_LOCALE[lang], options).format(new Date(`${day}T12:00:00Z`))
}

/** "December 22, 2026": the calendar day of an instant in a zone. */
export function formatDateIn(instant: Date | string, lang: Lang, zone: string): string {
  return formatter(INTL_LOCALE[lang], { timeZone: zone, dateStyle: 'long' }).format(new Date(instant))
}

/** "Dec 22, 2026, 9:00 AM": an instant in a zone, briefly (a message's time). */
export function formatDateTimeIn(instant: Date | string, lang: Lang, zone: string): string {
  return formatter(INTL_LOCALE[lang], { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant))
}

/** "9:00 AM" / "09:00" at that instant in that zone. */
export function formatTime(instant: Date | string, lang: Lang, zone: string): string {
  return formatter(INTL_LOCALE[lang], { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant))
}

/** One instant as the page shows it: in the consultant zone, and in the visitor's when it differs. */
export interface ZonedTime {
  day: Day
  dayText: string
  time: string
  offset: string
}

export interface SlotTimes {
  consultant: ZonedTime
  /** Null when the visitor's clock reads the same as the consultant's. */
  local: (ZonedTime & { sameDay: boolean }) | null
}

function zoned(instant: Date, lang: Lang, zone: string, style: 'long' | 'short'): ZonedTime {
  const day = dayOf(instant, zone)
  return { day, dayText: formatDay(day, lang, style), time: formatTime(instant, lang, zone), offset: offsetLabel(zoneOffsetMinutes(instant, zone)) }
}

export function slotTimes(
  start: string,
  lang: Lang,
  visitorZone: string = visitorTimeZone(),
  consultantZone: string = CONSULTANT_ZONE,
  style: 'long' | 'short' = 'long',
): SlotTimes {
  const instant = new Date(start)
  const consultant = zoned(instant, lang, consultantZone, style)
  if (zoneOffsetMinutes(instant, visitorZone) === zoneOffsetMinutes(instant, consultantZone)) return { consultant, local: null }
  const local = zoned(instant, lang, visitorZone, style)
  return { consultant, local: { ...local, sameDay: local.day === consultant.day } }
}

/** "60 minutes" / "60 minutos". */
export function formatDuration(minutes: number, lang: Lang): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes)
}

/** "14:59" left on a hold: minutes and seconds, never negative. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
