import { LANGUAGES } from '../../../../i18n/languages'
import { fieldCodes, opinionField, type OpinionField } from '../../errors'
import { OPINION_CATEGORIES, type BookingSummary, type Language, type Opinion, type OpinionBody, type OpinionCategory, type OpinionText } from '../../types'

/** The editor's state: every language's title and body, empty where not written. */
export interface OpinionDraft {
  category: OpinionCategory | ''
  country: string
  outcome: string
  texts: Record<Language, OpinionText>
}

/** What is wrong with a field: from the editor's own checks, or named by the server. */
export type OpinionIssue = 'required' | 'country' | 'incomplete' | 'personal_data' | 'invalid'
export type OpinionIssues = Partial<Record<OpinionField, OpinionIssue>>

const EMPTY: OpinionText = { title: '', body: '' }

/** The traveller's language first: its text is the one the opinion must have. */
export function languagesFor(required: Language): Language[] {
  return [required, ...LANGUAGES.filter((lang) => lang !== required)]
}

/** The saved opinion, or a new one set in the booking's country. */
export function draftOf(opinion: Opinion | null, booking: Pick<BookingSummary, 'country'>): OpinionDraft {
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, { ...EMPTY, ...opinion?.texts[lang] }])) as Record<Language, OpinionText>
  return {
    category: opinion?.category ?? '',
    country: opinion?.country ?? booking.country,
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
  if (draft.outcome.trim() === '') issues.outcome = 'required'
  const texts: OpinionBody['texts'] = {}
  for (const lang of LANGUAGES) {
    const text = draft.texts[lang]
    if (lang !== required && !filled(text)) continue
    const title = text.title.trim()
    const body = text.body.trim()
    const missing = lang === required ? 'required' : 'incomplete'
    if (!title) issues[`${lang}.title`] = missing
    if (!body) issues[`${lang}.body`] = missing
    texts[lang] = { title, body }
  }
  if (Object.keys(issues).length > 0 || !category) return { issues }
  return { body: { category, country, outcome: draft.outcome.trim(), texts } }
}

/** The fields a refusal names (422 `personal_data` / `validation_failed`), each with its problem. */
export function serverIssues(error: unknown): OpinionIssues {
  const issues: OpinionIssues = {}
  for (const [name, code] of Object.entries(fieldCodes(error))) {
    const field = opinionField(name)
    if (field) issues[field] = code === 'personal_data' ? 'personal_data' : code === 'required' ? 'required' : 'invalid'
  }
  return issues
}
