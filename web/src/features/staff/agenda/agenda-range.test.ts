import { describe, expect, it } from 'vitest'
import type { BookingSummary } from '../types'
import { agendaDays, agendaSearch, byDay, parseAgenda, requestRange, shiftDay } from './agenda-range'

const TODAY = '2026-12-02' // a Wednesday
const at = (id: string, starts_at: string) => ({ id, starts_at }) as BookingSummary

describe("the agenda's days", () => {
  it('reads its state from the address, with today, the day view and "mine" as defaults', () => {
    expect(parseAgenda(new URLSearchParams(''), TODAY, true)).toEqual({ view: 'day', day: TODAY, who: 'mine' })
    expect(parseAgenda(new URLSearchParams('view=week&day=2026-12-10&who=all'), TODAY, true)).toEqual({ view: 'week', day: '2026-12-10', who: 'all' })
    expect(parseAgenda(new URLSearchParams('view=month&day=tomorrow'), TODAY, true)).toEqual({ view: 'day', day: TODAY, who: 'mine' })
    // An admin who is not a consultant has no "mine".
    expect(parseAgenda(new URLSearchParams('who=mine'), TODAY, false).who).toBe('all')
  })

  it('writes only what differs from the defaults', () => {
    expect(agendaSearch({ view: 'day', day: TODAY, who: 'mine' }, TODAY, true)).toBe('')
    expect(agendaSearch({ view: 'week', day: '2026-12-10', who: 'all' }, TODAY, true)).toBe('?view=week&day=2026-12-10&who=all')
    expect(agendaSearch({ view: 'day', day: TODAY, who: 'all' }, TODAY, false)).toBe('')
  })

  it('shows one day, or the week from Monday to Sunday, and moves by one or seven days', () => {
    expect(agendaDays('day', TODAY)).toEqual([TODAY])
    expect(agendaDays('week', TODAY)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'])
    expect(shiftDay('day', TODAY, -1)).toBe('2026-12-01')
    expect(shiftDay('week', TODAY, 1)).toBe('2026-12-09')
  })

  it('asks the API for one more day at each end, and keeps only the days on screen, by start', () => {
    expect(requestRange(agendaDays('week', TODAY))).toEqual({ from: '2026-11-29', to: '2026-12-07' })
    const items = [at('late', '2026-12-02T22:00:00Z'), at('early', '2026-12-02T14:00:00Z'), at('next-day-utc', '2026-12-03T03:00:00Z'), at('before', '2026-12-01T20:00:00Z')]
    const grouped = byDay(items, [TODAY], 'America/Bogota')
    // 03:00 UTC on the 3rd is 22:00 on the 2nd in Bogotá; the 1st is not on screen.
    expect(grouped.get(TODAY)?.map((b) => b.id)).toEqual(['early', 'late', 'next-day-utc'])
    expect([...grouped.keys()]).toEqual([TODAY])
  })
})
