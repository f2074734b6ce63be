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

/** The code of a refusal as a plain string (the generated ErrorCode type lacks issue 14's codes). */
export function codeOf(error: unknown): string | null {
  return isApiError(error) ? (error.code as string) : null
}

/**
 * The per-field codes of a 422 (`personal_data`, `validation_failed`): the envelope's `fields`,
 * or `details.fields` should the server nest them as the contract's wording allows.
 */
export function fieldCodes(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {}
  if (Object.keys(error.fields).length > 0) return error.fields
  const details = error.body.details
  const nested = typeof details === 'object' && details !== null ? (details as Record<string, unknown>).fields : null
  const out: Record<string, string> = {}
  if (typeof nested === 'object' && nested !== null) {
    for (const [field, value] of Object.entries(nested)) if (typeof value === 'string') out[field] = value
  }
  return out
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
export const FORM_ISSUES = ['required', 'email', 'timeZone', 'weeklyHours', 'languages', 'dateTime', 'endBeforeStart', 'invalid'] as const
export type FormIssue = (typeof FORM_ISSUES)[number]

export function formIssue(code: string | undefined): FormIssue | undefined {
  if (code === undefined) return undefined
  return FORM_ISSUES.find((known) => known === code) ?? 'invalid'
}

/** The fields of `fields` a 422 names, each with its issue (the server's own code when the console knows it). */
export function serverFormIssues<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, FormIssue>> {
  const issues: Partial<Record<F, FormIssue>> = {}
  for (const [name, code] of Object.entries(fieldCodes(error))) {
    const field = fields.find((known) => known === name)
    if (field) issues[field] = formIssue(code)
  }
  return issues
}
