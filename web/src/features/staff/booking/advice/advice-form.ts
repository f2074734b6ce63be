import type { AdviceBody, IsoDate } from '../../types'

/** One step as edited: `key` keeps React's list stable while steps are added and removed. */
export interface StepDraft {
  key: number
  title: string
  detail: string
  dueDate: string
}

export interface AdviceDraft {
  summary: string
  steps: StepDraft[]
}

export type StepField = 'title' | 'detail' | 'dueDate'
export type StepIssue = 'required' | 'date' | 'past'
export interface AdviceIssues {
  summary?: 'required'
  /** No step at all: a course of action has at least one. */
  steps?: 'none'
  /** Per step, by its key. */
  byStep: Record<number, Partial<Record<StepField, StepIssue>>>
}

let nextKey = 1

export function newStep(): StepDraft {
  return { key: nextKey++, title: '', detail: '', dueDate: '' }
}

export function emptyAdvice(): AdviceDraft {
  return { summary: '', steps: [newStep()] }
}

export function hasIssues(issues: AdviceIssues): boolean {
  return Boolean(issues.summary || issues.steps) || Object.keys(issues.byStep).length > 0
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isDate(value: string): boolean {
  return DATE.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value)
}

/**
 * The draft as the body of POST …/advice, or what to fix first: a summary, at least one step,
 * and each step's title and due date (a real date, not before `today`); a step's detail may be
 * left out. Texts are sent trimmed.
 */
export function checkAdvice(draft: AdviceDraft, today: IsoDate): { body: AdviceBody } | { issues: AdviceIssues } {
  const issues: AdviceIssues = { byStep: {} }
  if (draft.summary.trim() === '') issues.summary = 'required'
  if (draft.steps.length === 0) issues.steps = 'none'
  for (const step of draft.steps) {
    const problems: Partial<Record<StepField, StepIssue>> = {}
    if (step.title.trim() === '') problems.title = 'required'
    if (step.dueDate === '') problems.dueDate = 'required'
    else if (!isDate(step.dueDate)) problems.dueDate = 'date'
    else if (step.dueDate < today) problems.dueDate = 'past'
    if (Object.keys(problems).length > 0) issues.byStep[step.key] = problems
  }
  if (hasIssues(issues)) return { issues }
  return {
    body: {
      summary: draft.summary.trim(),
      steps: draft.steps.map((step) => ({ title: step.title.trim(), detail: step.detail.trim(), dueDate: step.dueDate })),
    },
  }
}
