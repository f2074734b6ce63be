import { EXTRAORDINARY } from './context'
import { FLIGHT_INCIDENTS, type Rule } from './rule'
import { ANAC400_SOURCE, DOT_SOURCE, RAC3_SOURCE } from './scopes'
import { convertSdr } from './sdr'
import { formatMinutes, tx } from './text'
import type { Source, Text } from './types'

const anac = (article: string): Source => ({ cite: `${ANAC400_SOURCE.cite}, ${article}`, url: ANAC400_SOURCE.url })
const rac = (numeral: string): Source => ({ cite: `RAC 3, ${numeral} (check the current text)`, url: RAC3_SOURCE.url })
const dot = (section: string): Source => ({ cite: `14 CFR ${section}`, url: DOT_SOURCE.url })

const ASSISTANCE = tx('Material assistance', 'Asistencia material', 'Assistência material')

/** ANAC 400 Art. 27: what is owed from 1, 2 and 4 hours of waiting. */
export function anacAssistance(wait: number): Text[] {
  const items: Text[] = []
  if (wait >= 60) items.push(tx('Communication (internet, calls)', 'Comunicación (internet, llamadas)', 'Facilidades de comunicação (internet, ligações)'))
  if (wait >= 120) items.push(tx('Food (a meal or voucher)', 'Alimentación (comida o vale)', 'Alimentação (refeição ou voucher)'))
  if (wait >= 240)
    items.push(
      tx(
        'Lodging if you must stay overnight, and transport to and from it',
        'Alojamiento si debes pasar la noche, y el traslado de ida y vuelta',
        'Hospedagem em caso de pernoite, e traslado de ida e volta',
      ),
    )
  return items
}

const BRAZIL: Rule[] = [
  {
    id: 'anac400.art27',
    regime: 'anac400',
    source: anac('Art. 26 e 27'),
    incidents: FLIGHT_INCIDENTS,
    apply(ctx, out) {
      const wait = ctx.wait ?? 0
      const items = anacAssistance(wait)
      if (items.length === 0) {
        out.notOwed.push({
          regime: 'anac400',
          kind: 'care',
          rule: 'anac400.art27',
          source: this.source,
          title: ASSISTANCE,
          why: tx(
            `Assistance starts at 1 hour of waiting; you waited ${formatMinutes(wait)}.`,
            `La asistencia empieza a 1 hora de espera; esperaste ${formatMinutes(wait)}.`,
            `A assistência começa com 1 hora de espera; você esperou ${formatMinutes(wait)}.`,
          ),
        })
        return
      }
      out.owed.push({
        regime: 'anac400',
        kind: 'care',
        rule: 'anac400.art27',
        source: this.source,
        title: ASSISTANCE,
        why: tx(
          `You waited ${formatMinutes(wait)}: from 1 hour communication, from 2 hours food, from 4 hours lodging if overnight and transport.`,
          `Esperaste ${formatMinutes(wait)}: desde 1 hora comunicación, desde 2 horas alimentación, desde 4 horas alojamiento si se pasa la noche y traslado.`,
          `Você esperou ${formatMinutes(wait)}: a partir de 1 hora comunicação, de 2 horas alimentação, de 4 horas hospedagem em caso de pernoite e traslado.`,
        ),
        items,
      })
    },
  },
  {
    id: 'anac400.art21',
    regime: 'anac400',
    source: anac('Art. 21'),
    incidents: FLIGHT_INCIDENTS,
    apply(ctx, out) {
      const title = tx(
        'Your choice: re-routing, full refund or other transport',
        'A tu elección: reubicación, reembolso íntegro u otro medio de transporte',
        'À sua escolha: reacomodação, reembolso integral ou outra modalidade de transporte',
      )
      if (ctx.input.incident === 'delay' && (ctx.delay ?? ctx.wait ?? 0) <= 240) {
        out.notOwed.push({
          regime: 'anac400',
          kind: 'reroute_or_refund',
          rule: 'anac400.art21',
          source: this.source,
          title,
          why: tx(
            'This choice is owed for delays of more than 4 hours.',
            'Esta elección se debe en retrasos de más de 4 horas.',
            'Essa escolha é devida em atrasos superiores a 4 horas.',
          ),
        })
        return
      }
      out.owed.push({
        regime: 'anac400',
        kind: 'reroute_or_refund',
        ...(ctx.input.ticketPrice ? { amount: ctx.input.ticketPrice } : {}),
        rule: 'anac400.art21',
        source: this.source,
        title,
        why: tx(
          'After a delay of more than 4 hours, a cancellation, an interrupted trip or denied boarding, you choose how to continue or get your money back.',
          'Tras un retraso de más de 4 horas, una cancelación, un viaje interrumpido o una denegación de embarque, eliges cómo seguir o recuperar tu dinero.',
          'Após atraso superior a 4 horas, cancelamento, interrupção do serviço ou preterição, você escolhe como seguir viagem ou recebe o dinheiro de volta.',
        ),
      })
    },
  },
  {
    id: 'anac400.art12_20',
    regime: 'anac400',
    source: anac('Art. 12 e 20'),
    incidents: ['delay', 'cancellation'],
    apply(ctx, out) {
      const late = ctx.input.incident === 'cancellation' && (ctx.input.noticeDays ?? 0) < 3
      out.owed.push({
        regime: 'anac400',
        kind: 'information',
        rule: late ? 'anac400.art12' : 'anac400.art20',
        source: late ? anac('Art. 12') : anac('Art. 20'),
        title: tx('Information', 'Información', 'Informação'),
        why: late
          ? tx(
              'Schedule changes must be told at least 72 hours ahead; you were told later, so you may choose re-routing or a full refund.',
              'Los cambios de horario deben avisarse con al menos 72 horas; te avisaron después, así que puedes elegir reubicación o reembolso íntegro.',
              'Alterações de horário devem ser informadas com pelo menos 72 horas; você foi avisado depois, então pode escolher reacomodação ou reembolso integral.',
            )
          : tx(
              'The airline must tell you of the delay or cancellation and its reason as soon as it knows, and update you every 30 minutes.',
              'La aerolínea debe informarte del retraso o la cancelación y su motivo en cuanto lo sepa, y actualizarte cada 30 minutos.',
              'A companhia deve informar o atraso ou cancelamento e o motivo assim que souber, e atualizar a cada 30 minutos.',
            ),
      })
    },
  },
  {
    id: 'anac400.art24',
    regime: 'anac400',
    source: anac('Art. 22 a 24'),
    incidents: ['denied_boarding'],
    apply(ctx, out) {
      if (ctx.input.volunteered) {
        out.owed.push({
          regime: 'anac400',
          kind: 'agreed_benefits',
          rule: 'anac400.art23',
          source: anac('Art. 23'),
          title: tx('What you agreed with the airline', 'Lo que acordaste con la aerolínea', 'O que você combinou com a companhia'),
          why: tx(
            'You volunteered: the airline owes the compensation you agreed in writing.',
            'Te ofreciste voluntariamente: la aerolínea debe la compensación acordada por escrito.',
            'Você se voluntariou: a companhia deve a compensação combinada por escrito.',
          ),
        })
        return
      }
      const sdr = ctx.international ? 500 : 250
      out.owed.push({
        regime: 'anac400',
        kind: 'compensation',
        amount: { amount: sdr, currency: 'SDR' },
        converted: convertSdr(sdr, ctx.input.residence),
        rule: 'anac400.art24',
        source: anac('Art. 24'),
        title: tx('Immediate compensation', 'Compensación inmediata', 'Compensação financeira imediata'),
        why: tx(
          `Denied boarding against your will: ${sdr} SDR (${ctx.international ? 'international' : 'domestic'} flight), paid immediately.`,
          `Embarque denegado contra tu voluntad: ${sdr} DEG (vuelo ${ctx.international ? 'internacional' : 'nacional'}), pagados de inmediato.`,
          `Preterição contra a sua vontade: ${sdr} DES (voo ${ctx.international ? 'internacional' : 'doméstico'}), pagos imediatamente.`,
        ),
      })
    },
  },
  {
    id: 'anac400.damages',
    regime: 'anac400',
    source: { cite: 'Código de Defesa do Consumidor (Lei 8.078/1990); Lei 14.034/2020 (art. 251-A do Código Brasileiro de Aeronáutica)' },
    incidents: ['delay', 'cancellation', 'missed_connection', 'denied_boarding'],
    apply(_ctx, out) {
      out.notOwed.push({
        regime: 'anac400',
        kind: 'compensation',
        rule: 'anac400.no_fixed_compensation',
        source: this.source,
        title: tx('Fixed compensation', 'Compensación fija', 'Indenização fixa'),
        why: tx(
          'Brazilian rules set NO fixed compensation for delays or cancellations. Damages (material or moral) can be claimed under consumer law, and you must prove the damage (Law 14.034/2020).',
          'Las normas brasileñas NO fijan una compensación por retrasos o cancelaciones. Los daños (materiales o morales) se reclaman por la ley de consumo, y debes probarlos (Ley 14.034/2020).',
          'As regras brasileiras NÃO fixam indenização por atraso ou cancelamento. Danos (materiais ou morais) são pedidos pelo Código de Defesa do Consumidor, e você precisa comprovar o dano (Lei 14.034/2020).',
        ),
      })
    },
  },
  {
    id: 'anac400.art32',
    regime: 'anac400',
    source: anac('Art. 32 e 33'),
    incidents: ['luggage_delayed', 'luggage_lost', 'luggage_damaged'],
    apply(ctx, out) {
      if (ctx.input.incident === 'luggage_damaged') {
        out.owed.push({
          regime: 'anac400',
          kind: 'luggage_liability',
          rule: 'anac400.luggage_damaged',
          source: { cite: 'Código Brasileiro de Aeronáutica, art. 234 e 244 (check the current text)' },
          title: tx('Repair or payment for your bag', 'Reparación o pago de tu maleta', 'Conserto ou indenização da mala'),
          why: tx(
            'The airline answers for damaged luggage. Complain in writing at once, and within 7 days of receiving the bag at the latest.',
            'La aerolínea responde del equipaje dañado. Reclama por escrito enseguida, y como máximo dentro de los 7 días siguientes a recibir la maleta.',
            'A companhia responde pela bagagem danificada. Reclame por escrito imediatamente, e no máximo em até 7 dias após receber a mala.',
          ),
        })
        return
      }
      out.owed.push({
        regime: 'anac400',
        kind: 'luggage_liability',
        rule: 'anac400.art32',
        source: this.source,
        title: tx('Return of your bag and expenses', 'Devolución de tu maleta y gastos', 'Restituição da bagagem e despesas'),
        why: tx(
          `The airline must return the bag within ${ctx.international ? 21 : 7} days and reimburse the essentials you had to buy meanwhile; after that it must pay for it.`,
          `La aerolínea debe devolver la maleta en ${ctx.international ? 21 : 7} días y reembolsar lo imprescindible que compraste mientras tanto; después, debe pagarla.`,
          `A companhia deve restituir a bagagem em até ${ctx.international ? 21 : 7} dias e ressarcir as despesas de primeira necessidade; depois disso, deve indenizá-la.`,
        ),
      })
    },
  },
]

const THIRTY = tx(
  'At least 30 % of the price paid for the affected leg',
  'Al menos el 30 % del precio pagado por el trayecto afectado',
  'Ao menos 30 % do valor pago pelo trecho afetado',
)

const COLOMBIA: Rule[] = [
  {
    id: 'rac3.delay.care',
    regime: 'rac3',
    source: rac('numeral 3.10.2'),
    incidents: ['delay', 'missed_connection', 'cancellation', 'denied_boarding'],
    apply(ctx, out) {
      const wait = ctx.wait ?? 0
      const items: Text[] = []
      if (wait > 60) items.push(tx('Refreshments and communication', 'Refrigerio y comunicación', 'Lanche e comunicação'))
      if (wait > 180) items.push(tx('Food', 'Alimentación', 'Alimentação'))
      if (wait > 240) items.push(tx('Hotel and transport if overnight', 'Hotel y traslados si hay que pernoctar', 'Hotel e traslados em caso de pernoite'))
      const title = tx('Assistance (Colombia)', 'Asistencia (Colombia)', 'Assistência (Colômbia)')
      if (items.length === 0) {
        out.notOwed.push({
          regime: 'rac3',
          kind: 'care',
          rule: 'rac3.care',
          source: this.source,
          title,
          why: tx('Assistance starts after 1 hour of delay.', 'La asistencia empieza pasada 1 hora de retraso.', 'A assistência começa depois de 1 hora de atraso.'),
        })
        return
      }
      out.owed.push({
        regime: 'rac3',
        kind: 'care',
        rule: 'rac3.care',
        source: this.source,
        title,
        why: tx(
          `You waited ${formatMinutes(wait)}: over 1 hour refreshments and communication, over 3 hours food, over 4 hours a hotel if overnight.`,
          `Esperaste ${formatMinutes(wait)}: más de 1 hora refrigerio y comunicación, más de 3 horas alimentación, más de 4 horas hotel si hay que pernoctar.`,
          `Você esperou ${formatMinutes(wait)}: mais de 1 hora lanche e comunicação, mais de 3 horas alimentação, mais de 4 horas hotel em caso de pernoite.`,
        ),
        items,
      })
    },
  },
  {
    id: 'rac3.compensation',
    regime: 'rac3',
    source: rac('numeral 3.10.2'),
    incidents: ['delay', 'missed_connection', 'cancellation', 'denied_boarding'],
    apply(ctx, out) {
      const { input } = ctx
      const isDelay = input.incident === 'delay' || input.incident === 'missed_connection'
      if (isDelay && (ctx.delay ?? 0) <= 300) {
        out.notOwed.push({
          regime: 'rac3',
          kind: 'compensation',
          rule: 'rac3.delay_5h',
          source: this.source,
          title: THIRTY,
          why: tx('Owed for delays of more than 5 hours.', 'Se debe por retrasos de más de 5 horas.', 'É devida por atrasos de mais de 5 horas.'),
        })
        return
      }
      if (EXTRAORDINARY.has(input.reason) && input.incident !== 'denied_boarding') {
        out.notOwed.push({
          regime: 'rac3',
          kind: 'compensation',
          rule: 'rac3.force_majeure',
          source: this.source,
          title: THIRTY,
          why: tx(
            'Not owed when the cause is force majeure or beyond the airline (weather, air traffic control, security…).',
            'No se debe cuando la causa es fuerza mayor o ajena a la aerolínea (meteorología, control aéreo, seguridad…).',
            'Não é devida quando a causa é força maior ou alheia à companhia (clima, controle aéreo, segurança…).',
          ),
        })
        return
      }
      if (input.incident === 'denied_boarding' && input.volunteered) return
      if (input.reason === 'other') out.expert.add('reason_other')
      const price = input.ticketPrice
      out.owed.push({
        regime: 'rac3',
        kind: 'compensation',
        ...(price ? { amount: { amount: Math.round(price.amount * 0.3 * 100) / 100, currency: price.currency } } : {}),
        atLeast: true,
        rule: isDelay ? 'rac3.delay_5h' : input.incident === 'cancellation' ? 'rac3.cancellation' : 'rac3.denied_boarding',
        source: this.source,
        title: THIRTY,
        why: isDelay
          ? tx(
              'Your delay was over 5 hours: on top of the assistance, compensation of at least 30 % of the price of the affected leg.',
              'Tu retraso superó las 5 horas: además de la asistencia, una compensación de al menos el 30 % del precio del trayecto afectado.',
              'Seu atraso passou de 5 horas: além da assistência, compensação de ao menos 30 % do valor do trecho afetado.',
            )
          : tx(
              'On top of the refund or re-routing, compensation of at least 30 % of the price of the affected leg.',
              'Además del reembolso o la reubicación, una compensación de al menos el 30 % del precio del trayecto afectado.',
              'Além do reembolso ou da reacomodação, compensação de ao menos 30 % do valor do trecho afetado.',
            ),
      })
    },
  },
  {
    id: 'rac3.refund',
    regime: 'rac3',
    source: rac('numeral 3.10.2'),
    incidents: ['cancellation', 'denied_boarding'],
    apply(ctx, out) {
      out.owed.push({
        regime: 'rac3',
        kind: 'reroute_or_refund',
        ...(ctx.input.ticketPrice ? { amount: ctx.input.ticketPrice } : {}),
        rule: 'rac3.refund',
        source: this.source,
        title: tx('Refund or re-routing', 'Reembolso o reubicación', 'Reembolso ou reacomodação'),
        why: tx(
          'You may have the money back or travel on another flight. Colombian rules also let you withdraw from a ticket (desistimiento) with a possible deduction: check the current text and your fare.',
          'Puedes pedir el dinero o viajar en otro vuelo. Las normas colombianas también permiten desistir del billete (desistimiento) con una posible retención: revisa el texto vigente y tu tarifa.',
          'Você pode pedir o dinheiro de volta ou viajar em outro voo. As regras colombianas também permitem desistir da passagem (desistimiento) com possível retenção: confira o texto vigente e sua tarifa.',
        ),
      })
    },
  },
]

const NO_US_COMPENSATION = tx('Compensation', 'Compensación', 'Indenização')

const UNITED_STATES: Rule[] = [
  {
    id: 'dot260.refund',
    regime: 'dot260',
    source: dot('260.6'),
    incidents: ['delay', 'missed_connection', 'cancellation', 'downgrade'],
    apply(ctx, out) {
      const { input } = ctx
      const domestic = !ctx.international
      const limit = domestic ? 180 : 360
      const title = tx(
        'Cash refund if you did not accept the alternative',
        'Reembolso en dinero si no aceptaste la alternativa',
        'Reembolso em dinheiro se você não aceitou a alternativa',
      )
      const when = tx(
        'The airline must pay within 7 business days (card) or 20 days (other payments), in money, not a voucher.',
        'La aerolínea debe pagar en 7 días hábiles (tarjeta) o 20 días (otros pagos), en dinero, no en bono.',
        'A companhia deve pagar em 7 dias úteis (cartão) ou 20 dias (outros meios), em dinheiro, não em voucher.',
      )
      const isDelay = input.incident === 'delay' || input.incident === 'missed_connection'
      if (isDelay && (ctx.delay ?? 0) < limit) {
        out.notOwed.push({
          regime: 'dot260',
          kind: 'refund',
          rule: 'dot260.significant_change',
          source: dot('260.2 (significant change)'),
          title,
          why: tx(
            `A change of ${limit / 60} hours or more (${domestic ? 'domestic' : 'international'}) is needed to be a significant change.`,
            `Hace falta un cambio de ${limit / 60} horas o más (${domestic ? 'nacional' : 'internacional'}) para que sea un cambio significativo.`,
            `É preciso uma mudança de ${limit / 60} horas ou mais (${domestic ? 'doméstico' : 'internacional'}) para ser uma mudança significativa.`,
          ),
        })
        return
      }
      const what =
        input.incident === 'cancellation'
          ? tx('Your flight was cancelled.', 'Tu vuelo fue cancelado.', 'Seu voo foi cancelado.')
          : input.incident === 'downgrade'
            ? tx('A downgrade is a significant change.', 'Un cambio a una clase inferior es un cambio significativo.', 'Um rebaixamento de classe é uma mudança significativa.')
            : tx(
                `A delay of ${limit / 60} hours or more (${domestic ? 'domestic' : 'international'}) is a significant change.`,
                `Un retraso de ${limit / 60} horas o más (${domestic ? 'nacional' : 'internacional'}) es un cambio significativo.`,
                `Um atraso de ${limit / 60} horas ou mais (${domestic ? 'doméstico' : 'internacional'}) é uma mudança significativa.`,
              )
      out.owed.push({
        regime: 'dot260',
        kind: 'refund',
        ...(input.ticketPrice ? { amount: input.ticketPrice } : {}),
        rule: input.incident === 'cancellation' ? 'dot260.cancellation' : 'dot260.significant_change',
        source: this.source,
        title,
        why: { en: `${what.en} ${when.en}`, es: `${what.es} ${when.es}`, pt: `${what.pt} ${when.pt}` },
      })
    },
  },
  {
    id: 'dot260.no_compensation',
    regime: 'dot260',
    source: dot('part 260'),
    incidents: ['delay', 'missed_connection', 'cancellation'],
    apply(_ctx, out) {
      out.notOwed.push({
        regime: 'dot260',
        kind: 'compensation',
        rule: 'dot260.no_compensation',
        source: this.source,
        title: NO_US_COMPENSATION,
        why: tx(
          'United States law sets no compensation for delays or cancellations; some airlines promise it in their customer service plan.',
          'La ley de Estados Unidos no fija compensación por retrasos o cancelaciones; algunas aerolíneas la prometen en su plan de atención al cliente.',
          'A lei dos Estados Unidos não fixa indenização por atrasos ou cancelamentos; algumas companhias a prometem em seu plano de atendimento.',
        ),
      })
    },
  },
  {
    id: 'dot260.bag_fee',
    regime: 'dot260',
    source: dot('260.8'),
    incidents: ['luggage_delayed', 'luggage_lost'],
    apply(_ctx, out) {
      out.owed.push({
        regime: 'dot260',
        kind: 'baggage_fee_refund',
        rule: 'dot260.bag_fee',
        source: this.source,
        title: tx('Refund of the checked-bag fee', 'Reembolso de la tarifa de equipaje facturado', 'Reembolso da taxa de bagagem despachada'),
        why: tx(
          'If your bag was delivered more than 12 hours after a domestic flight (15 or 30 hours after an international one), or lost, the bag fee is refunded once you report it.',
          'Si tu maleta llegó más de 12 horas después de un vuelo nacional (15 o 30 horas tras uno internacional), o se perdió, se reembolsa la tarifa de equipaje al reclamarlo.',
          'Se sua mala chegou mais de 12 horas depois de um voo doméstico (15 ou 30 horas após um internacional), ou se perdeu, a taxa de bagagem é reembolsada ao reclamar.',
        ),
      })
    },
  },
]

export const AMERICAS_RULES: readonly Rule[] = [...BRAZIL, ...COLOMBIA, ...UNITED_STATES]
