import { LANGUAGES } from '../../../../i18n/languages'
import { codeOf, fieldCodes, opinionField, type OpinionField } from '../../errors'
import { OPINION_CATEGORIES, type BookingSummary, type Language, type Opinion, type OpinionBody, type OpinionCategory, type OpinionText } from '../../types'

/** The editor's state: every language's title and body, empty where not written. */
export interface OpinionDraft {
  category: OpinionCategory | ''
  country: string
  outcome: string
  texts: Record<Language, OpinionText>
}

/**
 * What is wrong with a field (staff:opinion.issues.*): from the editor's own checks, or named by
 * the server — a rule broken (400 `validation_failed`), or the traveller's personal data found in
 * it (422 `personal_data`, which says what it found).
 */
export type OpinionIssue =
  | 'required'
  | 'country'
  | 'incomplete'
  | 'titleLength'
  | 'bodyLength'
  | 'outcomeLength'
  | 'characters'
  | 'containsName'
  | 'containsEmail'
  | 'containsBookingId'
  | 'containsPhone'
  | 'personal_data'
  | 'invalid'
export type OpinionIssues = Partial<Record<OpinionField, OpinionIssue>>

/** The server's limits, in characters once trimmed (case/opinions.rs). */
export const OPINION_LIMITS = { title: [10, 140], body: [80, 20_000], outcome: [3, 120] } as const

/** The server's field codes in the editor's words. */
const SERVER_ISSUES: Record<string, OpinionIssue> = {
  contains_name: 'containsName',
  contains_email: 'containsEmail',
  contains_booking_id: 'containsBookingId',
  contains_phone: 'containsPhone',
  title_too_short: 'titleLength',
  title_too_long: 'titleLength',
  body_too_short: 'bodyLength',
  body_too_long: 'bodyLength',
  outcome_too_short: 'outcomeLength',
  outcome_too_long: 'outcomeLength',
  invalid_characters: 'characters',
  country_required: 'country',
  invalid_category: 'required',
  traveller_language_required: 'required',
}

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length
const fits = (text: string, [min, max]: readonly [number, number]) => length(text) >= min && length(text) <= max

const EMPTY: OpinionText = { title: '', body: '' }

/** The traveller's language first: its text is the one the opinion must have. */
export function languagesFor(required: Language): Language[] {
  return [required, ...LANGUAGES.filter((lang) => lang !== required)]
}

/** The saved opinion, or a new one set in the booking's country. */
export function draftOf(opinion: Opinion | null, booking: Pick<BookingSummary, 'country_code'>): OpinionDraft {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, { ...EMPTY, ...opinion?.texts[lang] }])) as Record<Language, OpinionText>
  return {
    category: opinion?.category ?? '',
    country: opinion?.country ?? booking.country_code ?? '',
    outcome: opinion?.outcome ?? '',
    texts,
  }
}

const filled = (text: OpinionText) => text.title.trim() !== '' || text.body.trim() !== ''

/**
 * The draft as the body of PUT …/opinion, or what to fix first: a category, a two-letter
 * country, an outcome, the traveller's language's title and body; another language is either
 * left empty or written whole.
 */
export function checkOpinion(draft: OpinionDraft, required: Language): { body: OpinionBody } | { issues: OpinionIssues } {
  const issues: OpinionIssues = {}
  const category = OPINION_CATEGORIES.find((known) => known === draft.category)
  if (!category) issues.category = 'required'
  const country = draft.country.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(country)) issues.country = 'country'
  const outcome = draft.outcome.trim()
  if (outcome === '') issues.outcome = 'required'
  else if (!fits(outcome, OPINION_LIMITS.outcome)) issues.outcome = 'outcomeLength'
  const texts: OpinionBody['texts'] = {}
  for (const lang of LANGUAGES) {
    const text = draft.texts[lang]
    if (lang !== required && !filled(text)) continue
    const title = text.title.trim()
    const body = text.body.trim()
    const missing = lang === required ? 'required' : 'incomplete'
    if (!title) issues[`${lang}.title`] = missing
    else if (!fits(title, OPINION_LIMITS.title)) issues[`${lang}.title`] = 'titleLength'
    if (!body) issues[`${lang}.body`] = missing
    else if (!fits(body, OPINION_LIMITS.body)) issues[`${lang}.body`] = 'bodyLength'
    texts[lang] = { title, body }
  }
  if (Object.keys(issues).length > 0 || !category) return { issues }
  return { body: { category, country, outcome, texts } }
}

/**
 * The fields a refusal names (400 `validation_failed`, 422 `personal_data`), each with its
 * problem; a reason the editor has no words for is said as personal data or as not valid.
 */
export function serverIssues(error: unknown): OpinionIssues {
  const personal = codeOf(error) === 'personal_data'
  const issues: OpinionIssues = {}
  for (const [name, code] of Object.entries(fieldCodes(error))) {
    const field = opinionField(name)
    if (field) issues[field] = SERVER_ISSUES[code] ?? (personal ? 'personal_data' : 'invalid')
  }
  return issues
}
