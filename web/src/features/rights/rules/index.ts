/**
 * The passenger-rights checker's rules engine: pure, in the browser, nothing sent anywhere.
 * `assess` runs every scope, then every rule of the covered regimes (RULES) for the incident.
 */
import { AMERICAS_RULES } from './americas'
import { BODIES, EU_BODIES_LIST, bodiesFor } from './bodies'
import { contextOf, type Ctx, type Out } from './context'
import { eu261Rules } from './eu261'
import { isEu } from './geo'
import { LIMITATION } from './limitation'
import { MONTREAL_RULES } from './montreal'
import type { Rule } from './rule'
import { SCOPES, isLuggage } from './scopes'
import { SDR_RATES } from './sdr'
import { addDays, addYears, tx } from './text'
import type { Assessment, CheckInput, Deadline, Destination, RegimeApplies, RegimeId, Text } from './types'

export * from './types'
export { searchAirlines, AIRLINES, airlineByCode } from './airlines'
export { formatMoney, formatDate } from './text'
export { SDR_RATES } from './sdr'

/** Every rule, as data: id, regime, source, incidents, and what it decides. */
export const RULES: readonly Rule[] = [...eu261Rules('eu261'), ...eu261Rules('uk261'), ...AMERICAS_RULES, ...MONTREAL_RULES]

export function assess(input: CheckInput): Assessment {
  const ctx = contextOf(input)
  const regimes: RegimeApplies[] = []
  const notApplicable: RegimeApplies[] = []
  for (const scope of SCOPES) {
    const result = scope.test(ctx)
    const entry: RegimeApplies = { id: scope.id, name: scope.name, rule: result.rule, why: result.why, source: scope.source }
    ;(result.applies ? regimes : notApplicable).push(entry)
  }
  // ANAC's own luggage rule covers domestic Brazilian flights; internationally Montreal does.
  const covered = new Set(regimes.map((r) => r.id))
  const out: Out = { owed: [], notOwed: [], expert: new Set() }
  for (const rule of RULES) {
    if (!covered.has(rule.regime) || !rule.incidents.includes(input.incident)) continue
    if (rule.id === 'anac400.art32' && covered.has('montreal')) continue
    rule.apply(ctx, out)
  }
  if (input.packageTravel) out.expert.add('package_travel')
  if (regimes.length === 0) out.expert.add('no_regime')

  const euLike = covered.has('eu261') ? 'eu261' : covered.has('uk261') ? 'uk261' : null
  return {
    regimes,
    notApplicable,
    distance: {
      km: Math.round(ctx.km),
      ...(euLike
        ? {
            band: euLike === 'eu261' ? ctx.euBand : ctx.ukBand,
            bandLabel: BAND_LABELS[euLike === 'eu261' ? ctx.euBand : ctx.ukBand],
            intraEu: ctx.intraEu,
          }
        : {}),
    },
    owed: out.owed,
    notOwed: out.notOwed,
    deadlines: deadlines(ctx, covered),
    documents: documents(input),
    sendTo: destinations(ctx, covered),
    expert: [...out.expert],
    sdrRateDate: SDR_RATES.date,
  }
}

export const BAND_LABELS = {
  short: tx('up to 1,500 km', 'hasta 1.500 km', 'até 1.500 km'),
  medium: tx(
    '1,500–3,500 km (or over 1,500 km within the EU)',
    '1.500–3.500 km (o más de 1.500 km dentro de la UE)',
    '1.500–3.500 km (ou mais de 1.500 km dentro da UE)',
  ),
  long: tx('over 3,500 km', 'más de 3.500 km', 'mais de 3.500 km'),
} as const

const ASAP = tx(
  'Depends on the country where you claim: claim as soon as possible.',
  'Depende del país en el que reclames: reclama cuanto antes.',
  'Depende do país em que você reclamar: reclame o quanto antes.',
)

function limitationDeadline(regime: RegimeId, country: string, date: string): Deadline {
  const rule = LIMITATION[country.toUpperCase()]
  const source = { cite: 'National limitation period (CJEU C-139/11 Moré v KLM)' }
  if (!rule) return { regime, label: ASAP, source }
  const start = rule.fromYearEnd ? `${date.slice(0, 4)}-12-31` : date
  const years = (lang: 'en' | 'es' | 'pt') => {
    const unit = { en: rule.years === 1 ? 'year' : 'years', es: rule.years === 1 ? 'año' : 'años', pt: rule.years === 1 ? 'ano' : 'anos' }[lang]
    const note = rule.note ? ` ${rule.note[lang]}` : ''
    return `${rule.years} ${unit} (${rule.country[lang]}).${note}`
  }
  return { regime, label: { en: years('en'), es: years('es'), pt: years('pt') }, years: rule.years, until: addYears(start, rule.years), source }
}

function deadlines(ctx: Ctx, covered: Set<RegimeId>): Deadline[] {
  const { input } = ctx
  const out: Deadline[] = []
  if (covered.has('eu261')) {
    const country = isEu(input.from.country) ? input.from.country : input.to.country
    out.push(limitationDeadline('eu261', country, input.date))
    const other = country === input.from.country ? input.to.country : input.from.country
    if (other !== country && LIMITATION[other.toUpperCase()] && (isEu(other) || other === 'GB')) out.push(limitationDeadline('eu261', other, input.date))
  }
  if (covered.has('uk261')) out.push(limitationDeadline('uk261', 'GB', input.date))
  if (covered.has('anac400') && !(isLuggage(input.incident) && covered.has('montreal'))) {
    out.push(
      ctx.international
        ? {
            regime: 'anac400',
            label: tx('2 years (international flight).', '2 años (vuelo internacional).', '2 anos (voo internacional).'),
            years: 2,
            until: addYears(input.date, 2),
            source: { cite: 'Montreal Convention 1999, Art. 35 (STF, Tema 210)' },
          }
        : {
            regime: 'anac400',
            label: tx('5 years (domestic flight).', '5 años (vuelo nacional).', '5 anos (voo doméstico).'),
            years: 5,
            until: addYears(input.date, 5),
            source: { cite: 'Código de Defesa do Consumidor, art. 27' },
          },
    )
  }
  if (covered.has('rac3'))
    out.push({
      regime: 'rac3',
      label: tx(
        'Claim to the airline as soon as possible; a consumer action before the SIC within 1 year (check the current text).',
        'Reclama a la aerolínea cuanto antes; la acción de protección al consumidor ante la SIC, dentro de 1 año (revisa el texto vigente).',
        'Reclame à companhia o quanto antes; a ação de proteção ao consumidor na SIC, em até 1 ano (confira o texto vigente).',
      ),
      years: 1,
      until: addYears(input.date, 1),
      source: { cite: 'Ley 1480 de 2011 (Estatuto del Consumidor), art. 58(3)' },
    })
  if (covered.has('dot260') && !isLuggage(input.incident))
    out.push({
      regime: 'dot260',
      label: tx(
        'Ask for the refund as soon as possible; the airline must pay within 7 business days (card) or 20 days (other).',
        'Pide el reembolso cuanto antes; la aerolínea debe pagar en 7 días hábiles (tarjeta) o 20 días (otros).',
        'Peça o reembolso o quanto antes; a companhia deve pagar em 7 dias úteis (cartão) ou 20 dias (outros).',
      ),
      source: { cite: '14 CFR 260.6' },
    })
  if (covered.has('montreal')) {
    const received = input.luggageReceivedDate
    if (input.incident === 'luggage_damaged')
      out.push({
        regime: 'montreal',
        label: tx(
          'Written complaint within 7 days of receiving the bag.',
          'Reclamación por escrito dentro de los 7 días siguientes a recibir la maleta.',
          'Reclamação por escrito em até 7 dias após receber a mala.',
        ),
        days: 7,
        ...(received ? { until: addDays(received, 7) } : {}),
        source: { cite: 'Montreal Convention 1999, Art. 31(2)' },
      })
    if (input.incident === 'luggage_delayed')
      out.push({
        regime: 'montreal',
        label: tx(
          'Written complaint within 21 days from the day the bag was handed back.',
          'Reclamación por escrito dentro de los 21 días desde que te devolvieron la maleta.',
          'Reclamação por escrito em até 21 dias a partir da devolução da mala.',
        ),
        days: 21,
        ...(received ? { until: addDays(received, 21) } : {}),
        source: { cite: 'Montreal Convention 1999, Art. 31(2)' },
      })
    out.push({
      regime: 'montreal',
      label: tx('Court action within 2 years.', 'Acción judicial dentro de 2 años.', 'Ação judicial em até 2 anos.'),
      years: 2,
      until: addYears(input.date, 2),
      source: { cite: 'Montreal Convention 1999, Art. 35' },
    })
  }
  return out
}

function documents(input: CheckInput): Text[] {
  const docs: Text[] = [
    tx('Booking confirmation or e-ticket', 'Confirmación de la reserva o billete electrónico', 'Confirmação da reserva ou bilhete eletrônico'),
    tx('Boarding passes', 'Tarjetas de embarque', 'Cartões de embarque'),
  ]
  switch (input.incident) {
    case 'delay':
    case 'missed_connection':
      docs.push(
        tx(
          'Proof of the arrival time (screenshot, airline message, a photo of the board)',
          'Prueba de la hora de llegada (captura, mensaje de la aerolínea, foto del panel)',
          'Prova do horário de chegada (captura de tela, mensagem da companhia, foto do painel)',
        ),
      )
      break
    case 'cancellation':
      docs.push(
        tx(
          'The cancellation notice, with the date you received it',
          'El aviso de cancelación, con la fecha en que lo recibiste',
          'O aviso de cancelamento, com a data em que você o recebeu',
        ),
      )
      break
    case 'denied_boarding':
      docs.push(
        tx(
          'The written notice of your rights the airline must give you, or a note of what staff said',
          'La comunicación escrita de tus derechos que la aerolínea debe darte, o una nota de lo que te dijo el personal',
          'O aviso escrito dos seus direitos que a companhia deve entregar, ou uma anotação do que os funcionários disseram',
        ),
      )
      break
    case 'downgrade':
      docs.push(tx('Proof of the class you paid for and flew in', 'Prueba de la clase pagada y de la volada', 'Prova da classe paga e da classe voada'))
      break
    default:
      docs.push(
        tx(
          'The Property Irregularity Report (PIR) made at the airport, and the bag tag',
          'El parte de irregularidad de equipaje (PIR) hecho en el aeropuerto, y la etiqueta de la maleta',
          'O registro de irregularidade de bagagem (RIB/PIR) feito no aeroporto, e a etiqueta da mala',
        ),
        tx(
          'Photos of the bag and receipts proving the value of its contents',
          'Fotos de la maleta y recibos que prueben el valor del contenido',
          'Fotos da mala e recibos que provem o valor do conteúdo',
        ),
      )
  }
  docs.push(
    tx(
      'Receipts for meals, hotel, transport and anything you had to buy',
      'Recibos de comidas, hotel, transporte y todo lo que tuviste que comprar',
      'Recibos de refeições, hotel, transporte e tudo o que precisou comprar',
    ),
  )
  return docs
}

const AIRLINE_NOTE = tx(
  'Send your claim to the airline first, in writing, and keep a copy.',
  'Envía primero tu reclamación a la aerolínea, por escrito, y guarda una copia.',
  'Envie primeiro sua reclamação à companhia, por escrito, e guarde uma cópia.',
)
const BODY_NOTE = tx(
  'If the airline refuses or does not answer within 6–8 weeks.',
  'Si la aerolínea la rechaza o no responde en 6–8 semanas.',
  'Se a companhia recusar ou não responder em 6–8 semanas.',
)

function destinations(ctx: Ctx, covered: Set<RegimeId>): Destination[] {
  const { input } = ctx
  const list: Destination[] = [
    {
      kind: 'airline',
      name: input.airline.name,
      ...(input.airline.claimUrl ? { url: input.airline.claimUrl } : {}),
      note: covered.has('anac400')
        ? tx(
            'First the airline’s customer service (SAC), in writing; keep the protocol number.',
            'Primero el servicio de atención de la aerolínea (SAC), por escrito; guarda el número de protocolo.',
            'Primeiro o SAC da companhia, por escrito; guarde o número de protocolo.',
          )
        : AIRLINE_NOTE,
    },
  ]
  const add = (regime: RegimeId, country: string) => {
    const bodies = bodiesFor(country)
    const chosen = bodies.length ? bodies : regime === 'eu261' ? [EU_BODIES_LIST] : []
    for (const body of chosen)
      if (!list.some((d) => d.name === body.name))
        list.push({ regime, kind: body.name === 'consumidor.gov.br' ? 'platform' : 'body', name: body.name, url: body.url, note: body.note ?? BODY_NOTE })
  }
  if (covered.has('eu261')) add('eu261', isEu(input.from.country) ? input.from.country : input.to.country)
  if (covered.has('uk261')) add('uk261', 'GB')
  if (covered.has('anac400')) {
    add('anac400', 'BR')
    list.push({
      regime: 'anac400',
      kind: 'court',
      name: 'Juizado Especial Cível',
      note: tx(
        'Small-claims court: free, and without a lawyer for claims up to 20 minimum wages.',
        'Juzgado de pequeñas causas: gratuito y sin abogado hasta 20 salarios mínimos.',
        'Gratuito e sem advogado para causas de até 20 salários mínimos.',
      ),
    })
  }
  if (covered.has('rac3')) add('rac3', 'CO')
  if (covered.has('dot260')) add('dot260', 'US')
  if (covered.has('montreal') && list.length === 1) {
    if (BODIES[input.residence.toUpperCase()]) add('montreal', input.residence)
    else add('montreal', input.from.country)
  }
  return list
}
