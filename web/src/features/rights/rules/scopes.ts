import type { Ctx } from './context'
import { isEu, isUk } from './geo'
import { tx } from './text'
import type { RegimeId, Source, Text } from './types'

export interface Scope {
  id: RegimeId
  name: Text
  source: Source
  /** Whether the regime covers this trip; `why` says so either way. */
  test(ctx: Ctx): { applies: boolean; rule: string; why: Text }
}

export const EU261_SOURCE: Source = {
  cite: 'Regulation (EC) No 261/2004',
  url: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32004R0261',
}
export const UK261_SOURCE: Source = {
  cite: "Regulation (EC) No 261/2004 as retained in UK law and amended by The Air Passenger Rights and Air Travel Organisers' Licensing (Amendment) (EU Exit) Regulations 2019",
  url: 'https://www.legislation.gov.uk/eur/2004/261/contents',
}
export const ANAC400_SOURCE: Source = {
  cite: 'ANAC, Resolução nº 400/2016',
  url: 'https://www.anac.gov.br/assuntos/legislacao/legislacao-1/resolucoes/2016/resolucao-no-400-13-12-2016',
}
export const RAC3_SOURCE: Source = {
  cite: 'Aerocivil, RAC 3 (Reglamentos Aeronáuticos de Colombia), numeral 3.10.2',
  url: 'https://www.aerocivil.gov.co/autoridad-de-la-aviacion-civil/reglamentacion/rac',
}
export const DOT_SOURCE: Source = {
  cite: '14 CFR part 260 (US DOT refunds rule, 2024)',
  url: 'https://www.ecfr.gov/current/title-14/chapter-II/subchapter-A/part-260',
}
export const MONTREAL_SOURCE: Source = {
  cite: 'Montreal Convention 1999',
  url: 'https://www.icao.int/secretariat/legal/List%20of%20Parties/Mtl99_EN.pdf',
}

const LUGGAGE = new Set(['luggage_lost', 'luggage_delayed', 'luggage_damaged'])
export const isLuggage = (incident: string) => LUGGAGE.has(incident)

const c = (country: string) => country.toUpperCase()

export const SCOPES: readonly Scope[] = [
  {
    id: 'eu261',
    name: tx('EU Regulation 261/2004', 'Reglamento (CE) 261/2004 de la UE', 'Regulamento (CE) 261/2004 da UE'),
    source: { ...EU261_SOURCE, cite: `${EU261_SOURCE.cite}, Art. 3(1)` },
    test({ input }) {
      const carrierEu = isEu(input.airline.country)
      if (isLuggage(input.incident))
        return {
          applies: false,
          rule: 'eu261.scope.luggage',
          why: tx('It does not cover luggage: the Montreal Convention does.', 'No cubre el equipaje: lo cubre el Convenio de Montreal.', 'Não cobre a bagagem: quem cobre é a Convenção de Montreal.'),
        }
      if (isEu(input.from.country))
        return {
          applies: true,
          rule: 'eu261.scope.departure',
          why: tx(
            'Your flight departed from an airport in the EU, the EEA or Switzerland (any airline).',
            'Tu vuelo salió de un aeropuerto de la UE, el EEE o Suiza (cualquier aerolínea).',
            'Seu voo partiu de um aeroporto da UE, do EEE ou da Suíça (qualquer companhia).',
          ),
        }
      if (isEu(input.to.country) && carrierEu && isUk(input.from.country))
        return {
          applies: false,
          rule: 'eu261.scope.uk_departure',
          why: tx(
            'A flight from the UK into the EU on an EU airline is covered by both the UK and the EU rules, but you can be compensated only once: the UK rules of the departure airport are used here.',
            'Un vuelo del Reino Unido a la UE con una aerolínea europea está cubierto por las normas británicas y por las europeas, pero solo se puede cobrar una vez: aquí se usan las británicas, las del aeropuerto de salida.',
            'Um voo do Reino Unido para a UE em companhia europeia é coberto pelas regras britânicas e pelas europeias, mas só se recebe uma vez: aqui são usadas as britânicas, as do aeroporto de partida.',
          ),
        }
      if (isEu(input.to.country) && carrierEu)
        return {
          applies: true,
          rule: 'eu261.scope.arrival',
          why: tx(
            'You flew into the EU from outside it on an EU airline.',
            'Volaste a la UE desde fuera de ella con una aerolínea europea.',
            'Você voou para a UE vindo de fora dela em uma companhia europeia.',
          ),
        }
      if (isEu(input.to.country))
        return {
          applies: false,
          rule: 'eu261.scope.arrival_foreign_carrier',
          why: tx(
            `Flights into the EU are covered only on EU airlines, and ${input.airline.name} is not one.`,
            `Los vuelos hacia la UE solo están cubiertos con aerolíneas europeas, y ${input.airline.name} no lo es.`,
            `Os voos para a UE só são cobertos em companhias europeias, e a ${input.airline.name} não é uma delas.`,
          ),
        }
      return {
        applies: false,
        rule: 'eu261.scope.none',
        why: tx('The flight neither departed from nor arrived in the EU.', 'El vuelo ni salió de la UE ni llegó a ella.', 'O voo não partiu da UE nem chegou a ela.'),
      }
    },
  },
  {
    id: 'uk261',
    name: tx('UK Regulation 261 (UK261)', 'Reglamento 261 del Reino Unido (UK261)', 'Regulamento 261 do Reino Unido (UK261)'),
    source: { ...UK261_SOURCE, cite: 'UK261, Art. 3(1)' },
    test({ input }) {
      if (isLuggage(input.incident))
        return {
          applies: false,
          rule: 'uk261.scope.luggage',
          why: tx('It does not cover luggage.', 'No cubre el equipaje.', 'Não cobre a bagagem.'),
        }
      if (isUk(input.from.country))
        return {
          applies: true,
          rule: 'uk261.scope.departure',
          why: tx('Your flight departed from the United Kingdom.', 'Tu vuelo salió del Reino Unido.', 'Seu voo partiu do Reino Unido.'),
        }
      const carrier = input.airline.country
      // A flight from the EU to the UK is already covered by the EU rules: no double claim.
      if (isUk(input.to.country) && !isEu(input.from.country) && (isUk(carrier) || isEu(carrier)))
        return {
          applies: true,
          rule: 'uk261.scope.arrival',
          why: tx(
            'You flew into the UK on a UK or EU airline.',
            'Volaste al Reino Unido con una aerolínea británica o europea.',
            'Você voou para o Reino Unido em uma companhia britânica ou europeia.',
          ),
        }
      return {
        applies: false,
        rule: 'uk261.scope.none',
        why: tx(
          'It covers flights from the UK, and flights into the UK on UK or EU airlines.',
          'Cubre los vuelos que salen del Reino Unido y los que llegan a él con aerolíneas británicas o europeas.',
          'Cobre os voos que partem do Reino Unido e os que chegam a ele em companhias britânicas ou europeias.',
        ),
      }
    },
  },
  {
    id: 'anac400',
    name: tx('Brazil: ANAC Resolution 400/2016', 'Brasil: Resolución 400/2016 de la ANAC', 'Brasil: Resolução ANAC nº 400/2016'),
    source: { ...ANAC400_SOURCE, cite: `${ANAC400_SOURCE.cite}, Art. 1º` },
    test({ input }) {
      const applies = c(input.from.country) === 'BR' || c(input.to.country) === 'BR'
      return applies
        ? {
            applies,
            rule: 'anac400.scope',
            why: tx('Your flight was within, from or to Brazil.', 'Tu vuelo fue dentro de Brasil, desde Brasil o hacia Brasil.', 'Seu voo foi dentro do Brasil, saindo do Brasil ou com destino ao Brasil.'),
          }
        : {
            applies,
            rule: 'anac400.scope',
            why: tx('It covers flights within, from or to Brazil.', 'Cubre los vuelos dentro de Brasil, desde Brasil o hacia Brasil.', 'Cobre os voos dentro do Brasil, saindo do Brasil ou com destino ao Brasil.'),
          }
    },
  },
  {
    id: 'rac3',
    name: tx('Colombia: RAC 3 (Aerocivil)', 'Colombia: RAC 3 (Aerocivil)', 'Colômbia: RAC 3 (Aerocivil)'),
    source: { ...RAC3_SOURCE },
    test({ input }) {
      const applies = c(input.from.country) === 'CO' && !isLuggage(input.incident)
      return applies
        ? {
            applies,
            rule: 'rac3.scope',
            why: tx('Your flight departed from Colombia.', 'Tu vuelo salió de Colombia.', 'Seu voo partiu da Colômbia.'),
          }
        : {
            applies,
            rule: 'rac3.scope',
            why: tx(
              'It covers delays, cancellations and denied boarding on flights from or within Colombia.',
              'Cubre retrasos, cancelaciones y denegación de embarque en vuelos desde Colombia o dentro de ella.',
              'Cobre atrasos, cancelamentos e preterição de embarque em voos saindo da Colômbia ou dentro dela.',
            ),
          }
    },
  },
  {
    id: 'dot260',
    name: tx('United States: DOT refund rule', 'Estados Unidos: norma de reembolsos del DOT', 'Estados Unidos: regra de reembolsos do DOT'),
    source: { ...DOT_SOURCE, cite: '14 CFR 260.1' },
    test({ input }) {
      const applies = c(input.from.country) === 'US' || c(input.to.country) === 'US'
      return applies
        ? {
            applies,
            rule: 'dot260.scope',
            why: tx('Your flight was to, from or within the United States.', 'Tu vuelo fue hacia, desde o dentro de Estados Unidos.', 'Seu voo foi para, de ou dentro dos Estados Unidos.'),
          }
        : {
            applies,
            rule: 'dot260.scope',
            why: tx('It covers flights to, from or within the United States.', 'Cubre los vuelos hacia, desde o dentro de Estados Unidos.', 'Cobre os voos para, de ou dentro dos Estados Unidos.'),
          }
    },
  },
  {
    id: 'montreal',
    name: tx('Montreal Convention 1999 (luggage)', 'Convenio de Montreal de 1999 (equipaje)', 'Convenção de Montreal de 1999 (bagagem)'),
    source: { ...MONTREAL_SOURCE, cite: 'Montreal Convention 1999, Art. 1 and 17(2)' },
    test(ctx) {
      const { input } = ctx
      if (!isLuggage(input.incident))
        return {
          applies: false,
          rule: 'montreal.scope.luggage_only',
          why: tx('Here it is used for luggage only.', 'Aquí se usa solo para el equipaje.', 'Aqui é usada apenas para a bagagem.'),
        }
      if (ctx.international)
        return {
          applies: true,
          rule: 'montreal.scope.international',
          why: tx('Your trip was international.', 'Tu viaje fue internacional.', 'Sua viagem foi internacional.'),
        }
      if (isEu(input.airline.country))
        return {
          applies: true,
          rule: 'montreal.scope.eu_carrier',
          why: tx(
            'EU airlines apply it to domestic flights too (Regulation (EC) 2027/97).',
            'Las aerolíneas europeas la aplican también a vuelos nacionales (Reglamento (CE) 2027/97).',
            'As companhias europeias a aplicam também a voos domésticos (Regulamento (CE) 2027/97).',
          ),
        }
      return {
        applies: false,
        rule: 'montreal.scope.domestic',
        why: tx(
          'On a domestic flight, the country’s own law applies to luggage.',
          'En un vuelo nacional, al equipaje se le aplica la ley de ese país.',
          'Em um voo doméstico, aplica-se à bagagem a lei do próprio país.',
        ),
      }
    },
  },
]
