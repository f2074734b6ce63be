import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../lib/api-client'
import type { Language } from './types'

/**
 * An /api/v1 refusal in the reader's words: `errors:codes.<code>`, else the general sentence —
 * lib/api-errors.ts's rule, repeated here like features/account does: importing that module
 * would split it out of the chunk the booking pages share (web/README.md, "Performance budget").
 */
export function errorText(t: TFunction<'errors'>, error: unknown): string {
  if (!isApiError(error) || error.code === 'unexpected') return t('fallback.unexpected')
  if (error.code === 'network') return t('fallback.network')
  return t(`codes.${error.code}`, { defaultValue: t('fallback.unexpected') })
}

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('errors')
  return useCallback((error: unknown) => errorText(t, error), [t])
}

/** The code of a refusal as a plain string (null for anything that is not an ApiError). */
export function codeOf(error: unknown): string | null {
  return isApiError(error) ? (error.code as string) : null
}

/**
 * The per-field codes of a refusal: the envelope's `fields`, by the request body's member name
 * ("time_zone", "texts.es.body"). 400 `validation_failed` says what is wrong with each
 * ("invalid_hours"); 422 `personal_data` says what it found ("contains_name").
 */
export function fieldCodes(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {}
}

/** Which opinion field a server field name points at: "texts.es.body", "texts[es].title", "outcome"… */
export type OpinionField = 'category' | 'country' | 'outcome' | `${Language}.${'title' | 'body'}`

export function opinionField(name: string): OpinionField | null {
  const text = /\b(en|es|pt)\W+(title|body)\b/.exec(name)
  if (text) return `${text[1] as Language}.${text[2] as 'title' | 'body'}`
  const plain = /^(category|country|outcome)$/.exec(name)
  return plain ? (plain[1] as OpinionField) : null
}

/** The issue codes a console form says (staff:form.issues.*); anything else is 'invalid'. */
export const FORM_ISSUES = [
  'required',
  'email',
  'name',
  'timeZone',
  'weeklyHours',
  'languages',
  'notStaffEmail',
  'alreadyConsultant',
  'dateTime',
  'endBeforeStart',
  'range',
  'reason',
  'invalid',
] as const
export type FormIssue = (typeof FORM_ISSUES)[number]

/** The server's field codes (the consultant and time-off operations) in the console's words. */
const SERVER_FORM_ISSUES: Record<string, FormIssue> = {
  invalid_name: 'name',
  invalid_time_zone: 'timeZone',
  invalid_hours: 'weeklyHours',
  invalid_languages: 'languages',
  not_staff_email: 'notStaffEmail',
  already_consultant: 'alreadyConsultant',
  invalid_range: 'range',
  invalid_reason: 'reason',
}

export function formIssue(code: string | undefined): FormIssue | undefined {
  if (code === undefined) return undefined
  return FORM_ISSUES.find((known) => known === code) ?? SERVER_FORM_ISSUES[code] ?? 'invalid'
}

/** The fields of `fields` a refusal names, each with its issue (the server's code in the console's words). */
export function serverFormIssues<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, FormIssue>> {
  const issues: Partial<Record<F, FormIssue>> = {}
  for (const [name, code] of Object.entries(fieldCodes(error))) {
    const field = fields.find((known) => known === name)
    if (field) issues[field] = formIssue(code)
  }
  return issues
}
