import { describe, expect, it } from 'vitest'
import { citeIn } from './cite'

describe('citeIn', () => {
  it('keeps English citations as written', () => {
    expect(citeIn('Regulation (EC) 261/2004, Art. 6 and 7; CJEU C-402/07 Sturgeon', 'en')).toBe('Regulation (EC) 261/2004, Art. 6 and 7; CJEU C-402/07 Sturgeon')
  })

  it('gives the EU regulation and the convention their official Spanish and Portuguese names', () => {
    expect(citeIn('Regulation (EC) 261/2004, Art. 6 and 7; CJEU C-402/07 Sturgeon', 'es')).toBe('Reglamento (CE) n.º 261/2004, art. 6 y 7; TJUE C-402/07 Sturgeon')
    expect(citeIn('Regulation (EC) No 261/2004, Art. 5(3) and recital 14', 'pt')).toBe('Regulamento (CE) n.º 261/2004, art. 5(3) e considerando 14')
    expect(citeIn('Montreal Convention 1999, Art. 31(2)', 'es')).toBe('Convenio de Montreal de 1999, art. 31(2)')
    expect(citeIn('National limitation period (CJEU C-139/11 Moré v KLM)', 'pt')).toBe('Prazo de prescrição nacional (TJUE C-139/11 Moré v KLM)')
  })

  it('leaves laws already in their own language alone', () => {
    expect(citeIn('ANAC, Resolução nº 400/2016, Art. 27', 'pt')).toBe('ANAC, Resolução nº 400/2016, art. 27')
    expect(citeIn('Código Brasileiro de Aeronáutica, art. 234 e 244 (check the current text)', 'es')).toBe(
      'Código Brasileiro de Aeronáutica, art. 234 e 244 (comprueba el texto vigente)',
    )
  })
})
