import { describe, expect, it } from 'vitest'
import type { BookingCase, CaseState } from '../types'
import { caseProgress } from './case-progress'

const advice = { summary: 'Claim the refund.', steps: [], sent_at: '2026-12-20T10:00:00Z' }

function view(state: CaseState, patch: Partial<BookingCase> = {}): BookingCase {
  return { state, due_at: '2026-12-22T14:00:00Z', opinion_url: null, advice: null, messages: [], ...patch }
}

const statuses = (state: CaseState, patch?: Partial<BookingCase>) => caseProgress(view(state, patch)).steps.map(({ step, status }) => `${step}:${status}`)

describe('the case progress (held → opinion published → course of action sent)', () => {
  it('puts the next step as current, the ones before as done', () => {
    expect(statuses('scheduled')).toEqual(['held:current', 'opinion:upcoming', 'advice:upcoming'])
    expect(statuses('held')).toEqual(['held:done', 'opinion:current', 'advice:upcoming'])
    // A drafted opinion is not published yet.
    expect(statuses('opinion_drafted')).toEqual(['held:done', 'opinion:current', 'advice:upcoming'])
    expect(statuses('opinion_published', { opinion_url: '/es/help/opinions/x' })).toEqual(['held:done', 'opinion:done', 'advice:current'])
    expect(statuses('advice_sent', { advice })).toEqual(['held:done', 'opinion:done', 'advice:done'])
  })

  it('is complete once the course of action is sent, closed or not', () => {
    expect(caseProgress(view('advice_sent', { advice }))).toMatchObject({ complete: true, closedEarly: false })
    expect(caseProgress(view('closed', { advice, opinion_url: '/help/opinions/x' }))).toMatchObject({ complete: true, closedEarly: false })
    expect(statuses('closed', { advice })).toEqual(['held:done', 'opinion:done', 'advice:done'])
    expect(caseProgress(view('held'))).toMatchObject({ complete: false, closedEarly: false })
  })

  it('a case closed before its course of action (a no-show) has no next step', () => {
    expect(caseProgress(view('closed'))).toMatchObject({ complete: false, closedEarly: true })
    expect(statuses('closed')).toEqual(['held:upcoming', 'opinion:upcoming', 'advice:upcoming'])
    expect(statuses('closed', { opinion_url: '/help/opinions/x' })).toEqual(['held:done', 'opinion:done', 'advice:upcoming'])
  })
})
