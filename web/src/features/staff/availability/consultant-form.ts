import { LANGUAGES } from '../../../i18n/languages'
import { isTimeZone, wallClockToInstant } from '../time'
import type { Consultant, ConsultantBody, Language, TimeOffBody } from '../types'

/** The consultant form's fields, named as the request body's members (a refusal's `fields` name them so). */
export interface ConsultantDraft {
  email: string
  name: string
  time_zone: string
  weekly_hours: string
  languages: Language[]
  active: boolean
}

export type ConsultantField = keyof ConsultantDraft
export type FormIssues<F extends string> = Partial<Record<F, string>>

export function consultantDraft(consultant: Consultant | null, zone: string): ConsultantDraft {
  return {
    email: consultant?.email ?? '',
    name: consultant?.name ?? '',
    time_zone: consultant?.time_zone ?? zone,
    weekly_hours: consultant?.weekly_hours ?? 'mon-fri 09:00-17:00',
    languages: consultant?.languages ?? [],
    active: consultant?.active ?? true,
  }
}

const TIMES = String.raw`\d{2}:\d{2}-\d{2}:\d{2}`
const PART = new RegExp(String.raw`^[a-z]{3}([,-][a-z]{3})* +${TIMES}(, *${TIMES})*$`)

/**
 * Whether weekly hours look like CONSULTATION_WEEKLY_HOURS ("mon-thu 09:00-13:00,14:00-18:00;
 * fri 09:00-13:00"): day groups and HH:MM ranges that end after they start. The server's parser
 * has the last word (its refusal names the field); this only catches slips before a request.
 */
export function looksLikeWeeklyHours(value: string): boolean {
  const parts = value.toLowerCase().split(';').map((part) => part.trim())
  return parts.every((part) => {
    if (!PART.test(part)) return false
    return [...part.matchAll(/(\d{2}):(\d{2})-(\d{2}):(\d{2})/g)].every(([, h1, m1, h2, m2]) => {
      const [start, end] = [Number(h1) * 60 + Number(m1), Number(h2) * 60 + Number(m2)]
      return Number(h1) < 24 && Number(m1) < 60 && Number(m2) < 60 && end > start && end <= 24 * 60
    })
  })
}

/** The draft as PUT/POST consultants' body, or the issue codes of its fields (staff:form.issues.*). */
export function checkConsultant(draft: ConsultantDraft, withEmail: boolean): { body: ConsultantBody & { email: string } } | { issues: FormIssues<ConsultantField> } {
  const issues: FormIssues<ConsultantField> = {}
  const email = draft.email.trim()
  if (withEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) issues.email = 'email'
  const name = draft.name.trim()
  if (name === '') issues.name = 'required'
  else if ([...name].length < 2 || [...name].length > 100) issues.name = 'name'
  if (!isTimeZone(draft.time_zone.trim())) issues.time_zone = 'timeZone'
  if (!looksLikeWeeklyHours(draft.weekly_hours.trim())) issues.weekly_hours = 'weeklyHours'
  if (draft.languages.length === 0) issues.languages = 'languages'
  if (Object.keys(issues).length > 0) return { issues }
  const languages = LANGUAGES.filter((lang) => draft.languages.includes(lang))
  return {
    body: { email, name, time_zone: draft.time_zone.trim(), weekly_hours: draft.weekly_hours.trim(), languages, active: draft.active },
  }
}

/** Time off as typed: wall clocks ("2026-12-24T09:00") in the consultant's zone. */
export interface TimeOffDraft {
  starts_at: string
  ends_at: string
  reason: string
}
export type TimeOffField = keyof TimeOffDraft

/** Time off typed as wall clocks in the consultant's zone, as the UTC instants the API keeps. */
export function checkTimeOff(draft: TimeOffDraft, zone: string): { body: TimeOffBody } | { issues: FormIssues<TimeOffField> } {
  const issues: FormIssues<TimeOffField> = {}
  const start = wallClockToInstant(draft.starts_at, zone)
  const end = wallClockToInstant(draft.ends_at, zone)
  if (!start) issues.starts_at = 'dateTime'
  if (!end) issues.ends_at = 'dateTime'
  else if (start && Date.parse(end) <= Date.parse(start)) issues.ends_at = 'endBeforeStart'
  if (!start || !end || Object.keys(issues).length > 0) return { issues }
  return { body: { starts_at: start, ends_at: end, reason: draft.reason.trim() } }
}
