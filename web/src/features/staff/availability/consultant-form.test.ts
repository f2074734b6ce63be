import { describe, expect, it } from 'vitest'
import { checkConsultant, checkTimeOff, consultantDraft, looksLikeWeeklyHours } from './consultant-form'

describe("a consultant's fields", () => {
  it('accepts weekly hours in the configuration syntax, and catches slips', () => {
    expect(looksLikeWeeklyHours('mon-fri 09:00-17:00')).toBe(true)
    expect(looksLikeWeeklyHours('mon-thu 09:00-13:00,14:00-18:00; fri 09:00-13:00')).toBe(true)
    expect(looksLikeWeeklyHours('mon-fri 17:00-09:00')).toBe(false)
    expect(looksLikeWeeklyHours('weekdays 9 to 5')).toBe(false)
    expect(looksLikeWeeklyHours('')).toBe(false)
  })

  it('requires a name, a known zone, hours and a language; a new one also a team e-mail', () => {
    const draft = { ...consultantDraft(null, 'America/Bogota'), timeZone: 'Mars/Olympus' }
    expect(checkConsultant(draft, true)).toEqual({ issues: { email: 'email', name: 'required', timeZone: 'timeZone', languages: 'languages' } })
    const ok = checkConsultant({ ...draft, email: ' ana@rumbo.test ', name: ' Ana ', timeZone: 'America/Bogota', languages: ['pt', 'es'] }, true)
    expect(ok).toEqual({
      body: { email: 'ana@rumbo.test', name: 'Ana', timeZone: 'America/Bogota', weeklyHours: 'mon-fri 09:00-17:00', languages: ['es', 'pt'], active: true },
    })
  })

  it("sends time off typed in the consultant's zone as UTC instants, its end after its start", () => {
    expect(checkTimeOff({ startsAt: '2026-12-24T00:00', endsAt: '2026-12-26T00:00', reason: ' Holidays ' }, 'America/Bogota')).toEqual({
      body: { startsAt: '2026-12-24T05:00:00Z', endsAt: '2026-12-26T05:00:00Z', reason: 'Holidays' },
    })
    expect(checkTimeOff({ startsAt: '2026-12-26T00:00', endsAt: '2026-12-24T00:00', reason: '' }, 'UTC')).toEqual({ issues: { endsAt: 'endBeforeStart' } })
    expect(checkTimeOff({ startsAt: '', endsAt: '', reason: '' }, 'UTC')).toEqual({ issues: { startsAt: 'dateTime', endsAt: 'dateTime' } })
  })
})
