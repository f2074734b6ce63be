import type { BookingCase } from '../types'

/**
 * The case's progress as the traveller reads it (decision 014's 21-day promise): the
 * consultation held, the opinion published, the course of action sent.
 */
export const CASE_STEPS = ['held', 'opinion', 'advice'] as const
export type CaseStep = (typeof CASE_STEPS)[number]
export type StepStatus = 'done' | 'current' | 'upcoming'

export interface CaseProgress {
  steps: { step: CaseStep; status: StepStatus }[]
  /** Every step is done. */
  complete: boolean
  /** Closed before the course of action (a no-show): there is no progress to show. */
  closedEarly: boolean
}

/** How many of the steps are done. A drafted opinion is not published yet. */
function stepsDone({ state, opinion_url, advice }: BookingCase): number {
  switch (state) {
    case 'scheduled':
      return 0
    case 'held':
    case 'opinion_drafted':
      return 1
    case 'opinion_published':
      return 2
    case 'advice_sent':
      return 3
    case 'closed':
      return advice ? 3 : opinion_url ? 2 : 0
  }
}

export function caseProgress(view: BookingCase): CaseProgress {
  const done = stepsDone(view)
  const closed = view.state === 'closed'
  const steps = CASE_STEPS.map((step, index) => {
    const status: StepStatus = index < done ? 'done' : index === done && !closed ? 'current' : 'upcoming'
    return { step, status }
  })
  return { steps, complete: done === CASE_STEPS.length, closedEarly: closed && done < CASE_STEPS.length }
}
