import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../lib/api-client'
import { checkOpinion, draftOf, languagesFor, serverIssues, type OpinionDraft } from './opinion-form'

/** A text long enough for the server (80 characters at least). */
const BODY = 'La aerolínea perdió la maleta en Lima y, tras el reclamo escrito, pagó la compensación completa.'

function draft(changes: Partial<OpinionDraft> = {}): OpinionDraft {
  const base = draftOf(null, { country_code: 'PE' })
  return { ...base, category: 'airline', outcome: 'Refund obtained', ...changes }
}

describe("the opinion editor's rules", () => {
  it("puts the traveller's language first and starts a new opinion in the booking's country", () => {
    expect(languagesFor('pt')).toEqual(['pt', 'en', 'es'])
    expect(draftOf(null, { country_code: 'PE' })).toMatchObject({ category: '', country: 'PE', outcome: '', texts: { es: { title: '', body: '' } } })
  })

  it("requires a category, a two-letter country, an outcome and the traveller's language's title and body", () => {
    const checked = checkOpinion(draft({ category: '', country: 'Peru', outcome: ' ' }), 'es')
    expect(checked).toEqual({
      issues: { category: 'required', country: 'country', outcome: 'required', 'es.title': 'required', 'es.body': 'required' },
    })
  })

  it('leaves an empty other language out, asks for the whole of a started one, and sends trimmed texts', () => {
    const texts = {
      es: { title: ' Maleta perdida en Lima ', body: `${BODY}\n` },
      en: { title: 'Lost bag in Lima', body: '' },
      pt: { title: '', body: '' },
    }
    expect(checkOpinion(draft({ texts }), 'es')).toEqual({ issues: { 'en.body': 'incomplete' } })
    const complete = checkOpinion(draft({ country: 'pe', texts: { ...texts, en: { title: '', body: '  ' } } }), 'es')
    expect(complete).toEqual({
      body: { category: 'airline', country: 'PE', outcome: 'Refund obtained', texts: { es: { title: 'Maleta perdida en Lima', body: BODY } } },
    })
  })

  it("keeps to the server's lengths: title 10–140, text 80–20,000, outcome 3–120 characters", () => {
    const texts = { es: { title: 'Maleta', body: 'La aerolínea pagó.' }, en: { title: 'x'.repeat(141), body: 'y'.repeat(20_001) }, pt: { title: '', body: '' } }
    expect(checkOpinion(draft({ outcome: 'OK', texts }), 'es')).toEqual({
      issues: { outcome: 'outcomeLength', 'es.title': 'titleLength', 'es.body': 'bodyLength', 'en.title': 'titleLength', 'en.body': 'bodyLength' },
    })
    // Characters as the server counts them: ten accented letters are ten, not more.
    const ten = 'áéíóúàèìòù'
    expect(checkOpinion(draft({ texts: { ...texts, es: { title: ten, body: BODY }, en: { title: '', body: '' } } }), 'es')).toHaveProperty('body')
  })

  it("puts the server's field codes beside the fields they name, each personal data reason in its own words", () => {
    const personal = new ApiError(422, 'personal_data', {
      'texts.es.body': 'contains_name',
      'texts.es.title': 'contains_email',
      'texts.en.body': 'contains_booking_id',
      outcome: 'contains_phone',
      'texts.pt.title': 'contains_something_new',
    })
    expect(serverIssues(personal)).toEqual({
      'es.body': 'containsName',
      'es.title': 'containsEmail',
      'en.body': 'containsBookingId',
      outcome: 'containsPhone',
      'pt.title': 'personal_data',
    })
    const invalid = new ApiError(400, 'validation_failed', {
      'texts.es.title': 'title_too_short',
      'texts.es.body': 'body_too_long',
      outcome: 'invalid_characters',
      country: 'country_required',
      category: 'invalid_category',
      'texts.pt.body': 'something_else',
      texts: 'invalid_language',
    })
    expect(serverIssues(invalid)).toEqual({
      'es.title': 'titleLength',
      'es.body': 'bodyLength',
      outcome: 'characters',
      country: 'country',
      category: 'required',
      'pt.body': 'invalid',
    })
    expect(serverIssues(new Error('boom'))).toEqual({})
  })
})
