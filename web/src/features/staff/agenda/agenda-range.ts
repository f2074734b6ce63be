import { addDays, dayIn, mondayOf } from '../time'
import type { BookingSummary, IsoDate } from '../types'

export type AgendaView = 'day' | 'week'
/** Whose bookings: the signed-in consultant's, or the whole team's. */
export type AgendaWho = 'mine' | 'all'

export interface AgendaQuery {
  view: AgendaView
  day: IsoDate
  who: AgendaWho
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The agenda's state from its address (`?view=week&day=2026-12-01&who=all`), so a view can be
 * bookmarked, reloaded and left with Back. Missing or malformed values take the defaults:
 * today, the day view, and "mine" for a consultant (an admin who is none sees everyone).
 */
export function parseAgenda(params: URLSearchParams, today: IsoDate, isConsultant: boolean): AgendaQuery {
  const day = params.get('day') ?? ''
  const who = params.get('who')
  return {
    view: params.get('view') === 'week' ? 'week' : 'day',
    day: DAY.test(day) && !Number.isNaN(Date.parse(day)) ? day : today,
    who: !isConsultant || who === 'all' ? 'all' : 'mine',
  }
}

/** The address's search part for `query`, without the defaults. */
export function agendaSearch(query: AgendaQuery, today: IsoDate, isConsultant: boolean): string {
  const params = new URLSearchParams()
  if (query.view === 'week') params.set('view', 'week')
  if (query.day !== today) params.set('day', query.day)
  if (isConsultant && query.who === 'all') params.set('who', 'all')
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The days on screen: the day itself, or its week from Monday to Sunday. */
export function agendaDays(view: AgendaView, day: IsoDate): IsoDate[] {
  if (view === 'day') return [day]
  const monday = mondayOf(day)
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The day that "Previous" / "Next" lead to: one day, or one week, away. */
export function shiftDay(view: AgendaView, day: IsoDate, direction: -1 | 1): IsoDate {
  return addDays(day, direction * (view === 'week' ? 7 : 1))
}

/**
 * The `from`/`to` asked of the API: the days on screen and one more at each end. The API counts
 * its days in the caller's consultant zone, else in the site's, while the console shows them in
 * the consultant's zone, else the browser's: with the margin, every booking of the days on
 * screen arrives whichever zone the two use, and `byDay` keeps only those.
 */
export function requestRange(days: IsoDate[]): { from: IsoDate; to: IsoDate } {
  return { from: addDays(days[0]!, -1), to: addDays(days[days.length - 1]!, 1) }
}

/** Each day on screen with its bookings (in the viewer's zone), by start. */
export function byDay(items: BookingSummary[], days: IsoDate[], zone: string): Map<IsoDate, BookingSummary[]> {
  const grouped = new Map<IsoDate, BookingSummary[]>(days.map((day) => [day, []]))
  const sorted = items.toSorted((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
  for (const booking of sorted) grouped.get(dayIn(booking.starts_at, zone))?.push(booking)
  return grouped
}
