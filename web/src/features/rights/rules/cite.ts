import type { Lang } from './types'

/**
 * Citations are written once, in English or in the law's own language (a Brazilian resolution
 * stays in Portuguese); a Spanish or Portuguese reader gets the official names of the EU
 * regulation and the convention in their language, and the connecting words translated.
 */
const NAMES: readonly (readonly [RegExp, string, string])[] = [
  [/Regulation \(EC\)( No)? 261\/2004/g, 'Reglamento (CE) n.º 261/2004', 'Regulamento (CE) n.º 261/2004'],
  [/Montreal Convention 1999/g, 'Convenio de Montreal de 1999', 'Convenção de Montreal de 1999'],
  [/National limitation period/g, 'Plazo de prescripción nacional', 'Prazo de prescrição nacional'],
  [/US DOT refunds rule/g, 'norma de reembolsos del DOT de EE. UU.', 'regra de reembolsos do DOT dos EUA'],
  [/\(check the current text\)/g, '(comprueba el texto vigente)', '(confira o texto vigente)'],
  [/\bCJEU\b/g, 'TJUE', 'TJUE'],
  [/\brecital\b/g, 'considerando', 'considerando'],
  [/\bArt\. /g, 'art. ', 'art. '],
  [/ and /g, ' y ', ' e '],
]

export function citeIn(cite: string, lang: Lang): string {
  if (lang === 'en') return cite
  const column = lang === 'es' ? 1 : 2
  return NAMES.reduce((text, row) => text.replace(row[0], row[column]), cite)
}
