import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../lib/api-client'
import { checkOpinion, draftOf, languagesFor, serverIssues, type OpinionDraft } from './opinion-form'

function draft(changes: Partial<OpinionDraft> = {}): OpinionDraft {
  const base = draftOf(null, { country: 'PE' })
  return { ...base, category: 'airline', outcome: 'Refund obtained', ...changes }
}

describe("the opinion editor's rules", () => {
  it("puts the traveller's language first and starts a new opinion in the booking's country", () => {
    expect(languagesFor('pt')).toEqual(['pt', 'en', 'es'])
    expect(draftOf(null, { country: 'PE' })).toMatchObject({ category: '', country: 'PE', outcome: '', texts: { es: { title: '', body: '' } } })
  })

  it("requires a category, a two-letter country, an outcome and the traveller's language's title and body", () => {
    const checked = checkOpinion(draft({ category: '', country: 'Peru', outcome: ' ' }), 'es')
    expect(checked).toEqual({
      issues: { category: 'required', country: 'country', outcome: 'required', 'es.title': 'required', 'es.body': 'required' },
    })
  })

  it('leaves an empty other language out, asks for the whole of a started one, and sends trimmed texts', () => {
    const texts = {
      es: { title: ' Maleta perdida en Lima ', body: 'La aerolínea pagó.\n' },
      en: { title: 'Lost bag in Lima', body: '' },
      pt: { title: '', body: '' },
    }
    expect(checkOpinion(draft({ texts }), 'es')).toEqual({ issues: { 'en.body': 'incomplete' } })
    const complete = checkOpinion(draft({ country: 'pe', texts: { ...texts, en: { title: '', body: '  ' } } }), 'es')
    expect(complete).toEqual({
      body: { category: 'airline', country: 'PE', outcome: 'Refund obtained', texts: { es: { title: 'Maleta perdida en Lima', body: 'La aerolínea pagó.' } } },
    })
  })

  it("puts the server's field codes beside the fields they name, nested or not", () => {
    const flat = new ApiError(422, 'personal_data' as never, { 'texts.es.body': 'personal_data', outcome: 'too_long', 'texts[en].title': 'required' })
    expect(serverIssues(flat)).toEqual({ 'es.body': 'personal_data', outcome: 'invalid', 'en.title': 'required' })
    const nested = new ApiError(422, 'personal_data' as never, {}, null, { details: { fields: { 'texts.pt.title': 'personal_data' } } })
    expect(serverIssues(nested)).toEqual({ 'pt.title': 'personal_data' })
    expect(serverIssues(new Error('boom'))).toEqual({})
  })
})
