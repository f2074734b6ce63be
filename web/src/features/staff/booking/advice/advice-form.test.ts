import { describe, expect, it } from 'vitest'
import { checkAdvice, emptyAdvice, newStep, type AdviceDraft } from './advice-form'

const TODAY = '2026-12-10'

describe("the course of action's rules", () => {
  it('starts with one empty step, each step with its own key', () => {
    const draft = emptyAdvice()
    expect(draft.steps).toHaveLength(1)
    expect(newStep().key).not.toBe(newStep().key)
  })

  it('asks for a summary, at least one step, and each step’s title and a real, not past, due date', () => {
    const [a, b, c] = [newStep(), newStep(), newStep()]
    const draft: AdviceDraft = {
      summary: '  ',
      steps: [
        { ...a, title: 'Claim the refund', due_date: '2026-12-09' },
        { ...b, title: '', due_date: '2026-02-30' },
        { ...c, title: 'Write to the regulator', due_date: '' },
      ],
    }
    expect(checkAdvice(draft, TODAY)).toEqual({
      issues: {
        summary: 'required',
        byStep: { [a.key]: { due_date: 'past' }, [b.key]: { title: 'required', due_date: 'date' }, [c.key]: { due_date: 'required' } },
      },
    })
    expect(checkAdvice({ summary: 'Claim the refund first, then escalate.', steps: [] }, TODAY)).toEqual({ issues: { steps: 'none', byStep: {} } })
    // The server's limits: a summary of 20 characters or more, a step's title of 3 to 200.
    const short = newStep()
    expect(checkAdvice({ summary: 'Claim it.', steps: [{ ...short, title: 'Go', due_date: TODAY }] }, TODAY)).toEqual({
      issues: { summary: 'summaryShort', byStep: { [short.key]: { title: 'titleLength' } } },
    })
  })

  it('sends trimmed texts in the order of the steps, the detail optional', () => {
    const step = newStep()
    const draft: AdviceDraft = { summary: ' File a claim with the airline. ', steps: [{ ...step, title: ' Claim ', detail: '', due_date: TODAY }] }
    expect(checkAdvice(draft, TODAY)).toEqual({ body: { summary: 'File a claim with the airline.', steps: [{ title: 'Claim', detail: '', due_date: TODAY }] } })
  })
})
