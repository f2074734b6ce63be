import { describe, expect, it } from 'vitest'
import { INITIAL_FORM_STATE, isNewsletterEmail, newsletterReducer, type NewsletterAction, type NewsletterFormState } from './form-state'

const run = (...actions: NewsletterAction[]): NewsletterFormState => actions.reduce(newsletterReducer, INITIAL_FORM_STATE)
const edit = (email: string): NewsletterAction => ({ type: 'edit', email })

describe('the newsletter rule (SPEC §5: non-empty and contains @)', () => {
  it('accepts anything with an @ and refuses the rest', () => {
    for (const good of ['ana@example.com', 'a@b', ' x@y ']) expect(isNewsletterEmail(good), good).toBe(true)
    for (const bad of ['', '   ', 'ana.example.com', 'ana']) expect(isNewsletterEmail(bad), JSON.stringify(bad)).toBe(false)
  })
})

describe('the newsletter form states (SPEC §4: idle → subscribing → success)', () => {
  it('starts idle, empty and valid', () => {
    expect(INITIAL_FORM_STATE).toEqual({ status: 'idle', email: '', invalid: false })
  })

  it('refuses an address without @ and stays idle, keeping what was typed', () => {
    expect(run(edit('ana'), { type: 'submit' })).toEqual({ status: 'idle', email: 'ana', invalid: true })
    expect(run({ type: 'submit' })).toEqual({ status: 'idle', email: '', invalid: true })
  })

  it('clears the error as soon as the visitor types again', () => {
    expect(run(edit('ana'), { type: 'submit' }, edit('ana@'))).toEqual({ status: 'idle', email: 'ana@', invalid: false })
  })

  it('goes idle → subscribing → success, clearing the field (SPEC §8)', () => {
    const subscribing = run(edit('ana@example.com'), { type: 'submit' })
    expect(subscribing).toEqual({ status: 'subscribing', email: 'ana@example.com', invalid: false })
    expect(newsletterReducer(subscribing, { type: 'done', outcome: 'success' })).toEqual({ status: 'success', email: '', invalid: false })
  })

  it('ignores typing and a second submit while subscribing', () => {
    const subscribing = run(edit('ana@example.com'), { type: 'submit' })
    expect(newsletterReducer(subscribing, edit('other'))).toBe(subscribing)
    expect(newsletterReducer(subscribing, { type: 'submit' })).toBe(subscribing)
  })

  it('keeps the address after a failure, marking it when the server refused it', () => {
    const subscribing = run(edit('ana@example'), { type: 'submit' })
    expect(newsletterReducer(subscribing, { type: 'done', outcome: 'failed' })).toEqual({ status: 'idle', email: 'ana@example', invalid: false })
    expect(newsletterReducer(subscribing, { type: 'done', outcome: 'invalid' })).toEqual({ status: 'idle', email: 'ana@example', invalid: true })
  })

  it('ignores a late answer when nothing is pending, and a new address after success starts over', () => {
    const done = run(edit('ana@example.com'), { type: 'submit' }, { type: 'done', outcome: 'success' })
    expect(newsletterReducer(done, { type: 'done', outcome: 'failed' })).toBe(done)
    expect(newsletterReducer(done, edit('b'))).toEqual({ status: 'idle', email: 'b', invalid: false })
  })
})
