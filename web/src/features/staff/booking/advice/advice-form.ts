import type { AdviceBody, IsoDate } from '../../types'

/** One step as edited: `key` keeps React's list stable while steps are added and removed. */
export interface StepDraft {
  key: number
  title: string
  detail: string
  due_date: string
}

export interface AdviceDraft {
  summary: string
  steps: StepDraft[]
}

export type StepField = 'title' | 'detail' | 'due_date'
export type StepIssue = 'required' | 'titleLength' | 'date' | 'past'
export interface AdviceIssues {
  summary?: 'required' | 'summaryShort'
  /** No step at all: a course of action has at least one. */
  steps?: 'none'
  /** Per step, by its key. */
  byStep: Record<number, Partial<Record<StepField, StepIssue>>>
}

let nextKey = 1

export function newStep(): StepDraft {
  return { key: nextKey++, title: '', detail: '', due_date: '' }
}

export function emptyAdvice(): AdviceDraft {
  return { summary: '', steps: [newStep()] }
}

export function hasIssues(issues: AdviceIssues): boolean {
  return Boolean(issues.summary || issues.steps) || Object.keys(issues.byStep).length > 0
}

/** The server's limits, in characters once trimmed (case/advice.rs). */
export const ADVICE_LIMITS = { summary: 20, stepTitle: [3, 200], steps: 20 } as const

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isDate(value: string): boolean {
  return DATE.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value)
}

/**
 * The draft as the body of POST …/advice, or what to fix first: a summary (20 characters at
 * least), at least one step, and each step's title (3 to 200 characters) and due date (a real
 * date, not before `today`); a step's detail may be left out. Texts are sent trimmed.
 */
export function checkAdvice(draft: AdviceDraft, today: IsoDate): { body: AdviceBody } | { issues: AdviceIssues } {
  const issues: AdviceIssues = { byStep: {} }
  const summary = draft.summary.trim()
  if (summary === '') issues.summary = 'required'
  else if ([...summary].length < ADVICE_LIMITS.summary) issues.summary = 'summaryShort'
  if (draft.steps.length === 0) issues.steps = 'none'
  for (const step of draft.steps) {
    const problems: Partial<Record<StepField, StepIssue>> = {}
    const title = [...step.title.trim()].length
    const [min, max] = ADVICE_LIMITS.stepTitle
    if (title === 0) problems.title = 'required'
    else if (title < min || title > max) problems.title = 'titleLength'
    if (step.due_date === '') problems.due_date = 'required'
    else if (!isDate(step.due_date)) problems.due_date = 'date'
    else if (step.due_date < today) problems.due_date = 'past'
    if (Object.keys(problems).length > 0) issues.byStep[step.key] = problems
  }
  if (hasIssues(issues)) return { issues }
  return {
    body: {
      summary,
      steps: draft.steps.map((step) => ({ title: step.title.trim(), detail: step.detail.trim(), due_date: step.due_date })),
    },
  }
}
