import { tx } from './text'
import type { Text } from './types'

export interface Limitation {
  years: number
  /** Counted from the end of the year of the flight (Germany's § 199 BGB). */
  fromYearEnd?: boolean
  country: Text
  note?: Text
}

/**
 * Time limits to bring a claim under Regulation 261/2004 or UK261 in court: national law decides
 * them (CJEU C-139/11 Moré v KLM). Values as commonly applied; they can change.
 */
export const LIMITATION: Record<string, Limitation> = {
  ES: { years: 5, country: tx('Spain', 'España', 'Espanha') },
  PT: { years: 3, country: tx('Portugal', 'Portugal', 'Portugal') },
  GB: {
    years: 6,
    country: tx('United Kingdom', 'Reino Unido', 'Reino Unido'),
    note: tx('5 years in Scotland.', '5 años en Escocia.', '5 anos na Escócia.'),
  },
  FR: { years: 5, country: tx('France', 'Francia', 'França') },
  DE: {
    years: 3,
    fromYearEnd: true,
    country: tx('Germany', 'Alemania', 'Alemanha'),
    note: tx('Counted from 31 December of the year of the flight.', 'Contados desde el 31 de diciembre del año del vuelo.', 'Contados a partir de 31 de dezembro do ano do voo.'),
  },
  IT: { years: 2, country: tx('Italy', 'Italia', 'Itália') },
  NL: { years: 2, country: tx('Netherlands', 'Países Bajos', 'Países Baixos') },
  IE: { years: 6, country: tx('Ireland', 'Irlanda', 'Irlanda') },
  BE: { years: 1, country: tx('Belgium', 'Bélgica', 'Bélgica') },
}
