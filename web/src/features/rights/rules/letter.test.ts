import { describe, expect, it } from 'vitest'
import { AIRPORTS as A, airline, checkInput } from './fixtures'
import { assess } from './index'
import { PLACEHOLDER, claimLetter, letterLanguages } from './letter'

const madBog = checkInput({ from: A.MAD, to: A.BOG, arrivalDelayMinutes: 240, reason: 'technical', residence: 'CO' })

describe('claimLetter', () => {
  const assessment = assess(madBog)

  it('English: facts, article, amount, airline, date, answer deadline, placeholders', () => {
    const { subject, body } = claimLetter(madBog, assessment, 'en')
    expect(subject).toContain('Madrid (MAD) → Bogotá (BOG)')
    expect(subject).toContain('10 March 2026')
    expect(body).toContain('operated by Iberia')
    expect(body).toContain('4 h later than scheduled')
    expect(body).toContain('€600')
    expect(body).toContain('Regulation (EC) 261/2004, Art. 6 and 7')
    expect(body).toContain('within 14 days')
    expect(body).toContain('a technical problem')
    expect(body).toMatch(/AESA/)
    for (const p of ['[your full name]', '[booking reference]', '[flight number]', '[address]', '[IBAN / account number]']) expect(body + subject).toContain(p)
  })

  it('Spanish: the same facts in Spanish, with Spanish dates and amounts', () => {
    const { subject, body } = claimLetter(madBog, assessment, 'es')
    expect(subject).toContain('10 de marzo de 2026')
    expect(body).toContain('operado por Iberia')
    expect(body).toMatch(/600\s€/)
    expect(body).toContain('Reglamento (CE) n.º 261/2004, art. 6 y 7')
    expect(body).not.toContain('Regulation')
    expect(body).toContain('[localizador de la reserva]')
    expect(body).toContain('[nombre y apellidos]')
    expect(body).toContain('en un plazo de 14 días')
    expect(body).toContain('Atentamente,')
  })

  it('Portuguese (Brazil): ANAC letter with SDR converted to reais and a 30-day answer', () => {
    const input = checkInput({
      lang: 'pt',
      incident: 'denied_boarding',
      from: A.GRU,
      to: A.SSA,
      airline: airline('G3'),
      residence: 'BR',
      date: '2026-07-02',
    })
    const { subject, body } = claimLetter(input, assess(input), 'pt')
    expect(subject).toContain('2 de julho de 2026')
    expect(body).toContain('operado pela GOL')
    expect(body).toContain('250 DES')
    expect(body).toMatch(/R\$\s?1\.8\d\d/)
    expect(body).toContain('Resolução nº 400/2016, art. 24')
    expect(body).toContain('em até 30 dias')
    expect(body).toContain('[código da reserva]')
    expect(body).toContain('Atenciosamente,')
  })

  it('every placeholder is bracketed and found by PLACEHOLDER', () => {
    const { body } = claimLetter(madBog, assessment, 'en')
    const found = body.match(PLACEHOLDER) ?? []
    expect(found).toEqual(expect.arrayContaining(['[your full name]', '[address]', '[booking reference]', '[flight number]']))
  })

  it('luggage letter states when the bag came back and the Montreal cap', () => {
    const input = checkInput({ lang: 'es', incident: 'luggage_damaged', from: A.MAD, to: A.LIS, luggageReceivedDate: '2026-03-11' })
    const { body } = claimLetter(input, assess(input), 'es')
    expect(body).toContain('El equipaje me fue devuelto el 11 de marzo de 2026.')
    expect(body).toMatch(/hasta 1519 DEG|hasta 1\.519 DEG/)
    expect(body).not.toContain('El motivo indicado')
  })
})

describe('letterLanguages', () => {
  it('adds English when the airline is foreign to the traveller', () => expect(letterLanguages(madBog)).toEqual(['es', 'en']))
  it('only the traveller’s language for a home airline', () => expect(letterLanguages(checkInput())).toEqual(['es']))
  it('English travellers get one letter', () => expect(letterLanguages({ ...madBog, lang: 'en' })).toEqual(['en']))
})
