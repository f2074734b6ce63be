import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { formIssue, serverFormIssues } from '../errors'
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
    const draft = { ...consultantDraft(null, 'America/Bogota'), time_zone: 'Mars/Olympus' }
    expect(checkConsultant({ ...draft, name: 'A' }, true)).toMatchObject({ issues: { name: 'name' } })
    expect(checkConsultant(draft, true)).toEqual({ issues: { email: 'email', name: 'required', time_zone: 'timeZone', languages: 'languages' } })
    const ok = checkConsultant({ ...draft, email: ' ana@rumbo.test ', name: ' Ana ', time_zone: 'America/Bogota', languages: ['pt', 'es'] }, true)
    expect(ok).toEqual({
      body: { email: 'ana@rumbo.test', name: 'Ana', time_zone: 'America/Bogota', weekly_hours: 'mon-fri 09:00-17:00', languages: ['es', 'pt'], active: true },
    })
  })

  it("says the server's field codes in the form's words, by the body's member names", () => {
    const refusal = new ApiError(400, 'validation_failed', { time_zone: 'invalid_time_zone', weekly_hours: 'invalid_hours', email: 'not_staff_email', name: 'invalid_name', timeZone: 'ignored' })
    expect(serverFormIssues(refusal, ['email', 'name', 'time_zone', 'weekly_hours', 'languages'] as const)).toEqual({
      time_zone: 'timeZone',
      weekly_hours: 'weeklyHours',
      email: 'notStaffEmail',
      name: 'name',
    })
    const timeOff = new ApiError(400, 'validation_failed', { ends_at: 'invalid_range', reason: 'something_new' })
    expect(serverFormIssues(timeOff, ['starts_at', 'ends_at', 'reason'] as const)).toEqual({ ends_at: 'range', reason: 'invalid' })
    expect(formIssue('already_consultant')).toBe('alreadyConsultant')
  })

  it("sends time off typed in the consultant's zone as UTC instants, its end after its start", () => {
    expect(checkTimeOff({ starts_at: '2026-12-24T00:00', ends_at: '2026-12-26T00:00', reason: ' Holidays ' }, 'America/Bogota')).toEqual({
      body: { starts_at: '2026-12-24T05:00:00Z', ends_at: '2026-12-26T05:00:00Z', reason: 'Holidays' },
    })
    expect(checkTimeOff({ starts_at: '2026-12-26T00:00', ends_at: '2026-12-24T00:00', reason: '' }, 'UTC')).toEqual({ issues: { ends_at: 'endBeforeStart' } })
    expect(checkTimeOff({ starts_at: '', ends_at: '', reason: '' }, 'UTC')).toEqual({ issues: { starts_at: 'dateTime', ends_at: 'dateTime' } })
  })
})
