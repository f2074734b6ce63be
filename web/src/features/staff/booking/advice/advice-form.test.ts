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
        { ...a, title: 'Claim the refund', dueDate: '2026-12-09' },
        { ...b, title: '', dueDate: '2026-02-30' },
        { ...c, title: 'Write to the regulator', dueDate: '' },
      ],
    }
    expect(checkAdvice(draft, TODAY)).toEqual({
      issues: {
        summary: 'required',
        byStep: { [a.key]: { dueDate: 'past' }, [b.key]: { title: 'required', dueDate: 'date' }, [c.key]: { dueDate: 'required' } },
      },
    })
    expect(checkAdvice({ summary: 'Do this', steps: [] }, TODAY)).toEqual({ issues: { steps: 'none', byStep: {} } })
  })

  it('sends trimmed texts in the order of the steps, the detail optional', () => {
    const step = newStep()
    const draft: AdviceDraft = { summary: ' File a claim. ', steps: [{ ...step, title: ' Claim ', detail: '', dueDate: TODAY }] }
    expect(checkAdvice(draft, TODAY)).toEqual({ body: { summary: 'File a claim.', steps: [{ title: 'Claim', detail: '', dueDate: TODAY }] } })
  })
})
