import { EXTRAORDINARY, type Ctx, type Out } from './context'
import { FLIGHT_INCIDENTS, type Rule } from './rule'
import { EU261_SOURCE, UK261_SOURCE } from './scopes'
import { formatMinutes, tx } from './text'
import type { Band, Entitlement, Money, Source, Text } from './types'

type Regime = 'eu261' | 'uk261'

/** Art. 7(1): €250 / €400 / €600; UK261: £220 / £350 / £520. */
export const AMOUNTS: Record<Regime, Record<Band, Money>> = {
  eu261: { short: { amount: 250, currency: 'EUR' }, medium: { amount: 400, currency: 'EUR' }, long: { amount: 600, currency: 'EUR' } },
  uk261: { short: { amount: 220, currency: 'GBP' }, medium: { amount: 350, currency: 'GBP' }, long: { amount: 520, currency: 'GBP' } },
}

/** Art. 7(2) and Art. 6(1): 2 h / 3 h / 4 h by band. */
export const BAND_HOURS: Record<Band, number> = { short: 2, medium: 3, long: 4 }

/** Art. 10(2): 30 % / 50 % / 75 % of the price of the downgraded flight. */
export const DOWNGRADE_SHARE: Record<Band, number> = { short: 0.3, medium: 0.5, long: 0.75 }

const bandOf = (regime: Regime, ctx: Ctx) => (regime === 'eu261' ? ctx.euBand : ctx.ukBand)

function cite(regime: Regime, article: string, extra?: string): Source {
  const base = regime === 'eu261' ? EU261_SOURCE : UK261_SOURCE
  const name = regime === 'eu261' ? 'Regulation (EC) 261/2004' : 'UK261'
  return { cite: `${name}, ${article}${extra ? `; ${extra}` : ''}`, url: base.url }
}

const COMPENSATION = tx('Compensation', 'Compensación', 'Indenização')
const REDUCED = tx('Compensation (reduced by half)', 'Compensación (reducida a la mitad)', 'Indenização (reduzida à metade)')

function compensation(regime: Regime, ctx: Ctx, rule: string, source: Source, why: Text, half = false, disputed = false): Entitlement {
  const full = AMOUNTS[regime][bandOf(regime, ctx)]
  return {
    regime,
    kind: half ? 'reduced_compensation' : 'compensation',
    amount: half ? { amount: full.amount / 2, currency: full.currency } : full,
    rule,
    source,
    title: half ? REDUCED : COMPENSATION,
    why,
    ...(disputed ? { disputed } : {}),
  }
}

/**
 * Art. 5(3): extraordinary circumstances excuse compensation (not care, refund or re-routing).
 * Returns true when compensation must not be written (and writes why).
 */
function excused(regime: Regime, ctx: Ctx, out: Out): 'excused' | 'disputed' | 'owed' {
  const { reason } = ctx.input
  if (EXTRAORDINARY.has(reason)) {
    out.notOwed.push({
      regime,
      kind: 'compensation',
      rule: `${regime}.art5_3`,
      source: cite(regime, 'Art. 5(3) and recital 14'),
      title: COMPENSATION,
      why: tx(
        'The cause you gave (weather, air traffic control, security, a strike outside the airline or a medical emergency) is an extraordinary circumstance: no compensation, but care, refund and re-routing are still owed. The airline must prove it.',
        'La causa que indicas (meteorología, control aéreo, seguridad, una huelga ajena a la aerolínea o una emergencia médica) es una circunstancia extraordinaria: no hay compensación, pero siguen debiéndose la asistencia, el reembolso y el transporte alternativo. La aerolínea debe probarla.',
        'A causa informada (clima, controle de tráfego aéreo, segurança, greve alheia à companhia ou emergência médica) é uma circunstância extraordinária: não há indenização, mas a assistência, o reembolso e a reacomodação continuam devidos. A companhia deve prová-la.',
      ),
    })
    return 'excused'
  }
  if (reason === 'other') {
    out.expert.add('reason_other')
    return 'disputed'
  }
  return 'owed'
}

function whyCause(ctx: Ctx): Text {
  switch (ctx.input.reason) {
    case 'technical':
      return tx(
        ' A technical problem is not an extraordinary circumstance (CJEU C-549/07 Wallentin-Hermann).',
        ' Un problema técnico no es una circunstancia extraordinaria (TJUE C-549/07 Wallentin-Hermann).',
        ' Um problema técnico não é circunstância extraordinária (TJUE C-549/07 Wallentin-Hermann).',
      )
    case 'own_staff_strike':
      return tx(
        ' A strike of the airline’s own staff is not an extraordinary circumstance (CJEU C-195/17 Krüsemann, C-28/20 Airhelp v SAS).',
        ' Una huelga del propio personal de la aerolínea no es una circunstancia extraordinaria (TJUE C-195/17 Krüsemann, C-28/20 Airhelp/SAS).',
        ' Uma greve do próprio pessoal da companhia não é circunstância extraordinária (TJUE C-195/17 Krüsemann, C-28/20 Airhelp/SAS).',
      )
    case 'other':
      return tx(
        ' Owed unless the airline proves an extraordinary circumstance: whether the cause you described counts is open to dispute.',
        ' Se debe salvo que la aerolínea pruebe una circunstancia extraordinaria: si la causa que describes lo es, es discutible.',
        ' É devida salvo se a companhia provar uma circunstância extraordinária: se a causa descrita conta como tal é discutível.',
      )
    default:
      return tx(
        ' The airline gave no extraordinary circumstance; it is for the airline to prove one.',
        ' La aerolínea no alegó ninguna circunstancia extraordinaria; le corresponde a ella probarla.',
        ' A companhia não alegou circunstância extraordinária; cabe a ela prová-la.',
      )
  }
}

const join = (a: Text, b: Text): Text => ({ en: a.en + b.en, es: a.es + b.es, pt: a.pt + b.pt })

function distanceWhy(regime: Regime, ctx: Ctx): Text {
  const km = Math.round(ctx.km).toLocaleString('en-GB')
  const band = bandOf(regime, ctx)
  const label: Record<Band, Text> = {
    short: tx('up to 1,500 km', 'hasta 1.500 km', 'até 1.500 km'),
    medium: tx('over 1,500 km in the EU or 1,500–3,500 km', 'más de 1.500 km en la UE o 1.500–3.500 km', 'mais de 1.500 km na UE ou 1.500–3.500 km'),
    long: tx('over 3,500 km', 'más de 3.500 km', 'mais de 3.500 km'),
  }
  return tx(` Distance ${km} km (${label[band].en}).`, ` Distancia ${km} km (${label[band].es}).`, ` Distância ${km} km (${label[band].pt}).`)
}

/** Delay at the final destination (Sturgeon) and missed connections on one ticket (Folkerts). */
function delayRule(regime: Regime): Rule {
  return {
    id: `${regime}.art7.delay`,
    regime,
    source: cite(regime, 'Art. 6 and 7', 'CJEU C-402/07 Sturgeon'),
    incidents: ['delay', 'missed_connection'],
    apply(ctx, out) {
      const { input } = ctx
      if (input.incident === 'missed_connection' && !input.oneTicket) {
        out.expert.add('separate_tickets')
        out.notOwed.push({
          regime,
          kind: 'compensation',
          rule: `${regime}.folkerts.separate`,
          source: cite(regime, 'Art. 2(h) and 7', 'CJEU C-11/11 Folkerts'),
          title: COMPENSATION,
          why: tx(
            'Your flights were on separate bookings: each flight is judged alone, and a connection missed because of an earlier flight is not covered.',
            'Tus vuelos estaban en reservas separadas: cada vuelo se juzga por sí solo, y una conexión perdida por culpa de un vuelo anterior no está cubierta.',
            'Seus voos estavam em reservas separadas: cada voo é julgado sozinho, e uma conexão perdida por causa de um voo anterior não está coberta.',
          ),
        })
        return
      }
      const delay = ctx.delay ?? 0
      const source =
        input.incident === 'missed_connection' ? cite(regime, 'Art. 7', 'CJEU C-402/07 Sturgeon; C-11/11 Folkerts') : this.source
      if (delay < 180) {
        out.notOwed.push({
          regime,
          kind: 'compensation',
          rule: `${regime}.sturgeon.under3h`,
          source,
          title: COMPENSATION,
          why: tx(
            `You arrived ${formatMinutes(delay)} late: compensation starts at 3 hours of delay at the final destination.`,
            `Llegaste con ${formatMinutes(delay)} de retraso: la compensación empieza a partir de 3 horas de retraso en el destino final.`,
            `Você chegou com ${formatMinutes(delay)} de atraso: a indenização começa a partir de 3 horas de atraso no destino final.`,
          ),
        })
        return
      }
      const status = excused(regime, ctx, out)
      if (status === 'excused') return
      const band = bandOf(regime, ctx)
      // Sturgeon §63: Art. 7(2)(c) lets the airline halve long-haul compensation for 3–4 h delays.
      const half = band === 'long' && delay < 240
      const facts = tx(
        `You arrived ${formatMinutes(delay)} late at your final destination (3 hours or more).`,
        `Llegaste a tu destino final con ${formatMinutes(delay)} de retraso (3 horas o más).`,
        `Você chegou ao destino final com ${formatMinutes(delay)} de atraso (3 horas ou mais).`,
      )
      const halfWhy = half
        ? tx(
            ' On a flight over 3,500 km arriving less than 4 hours late, the airline may halve it (Art. 7(2)(c); Sturgeon §63).',
            ' En un vuelo de más de 3.500 km que llega con menos de 4 horas de retraso, la aerolínea puede reducirla a la mitad (art. 7(2)(c); Sturgeon, ap. 63).',
            ' Em um voo de mais de 3.500 km que chega com menos de 4 horas de atraso, a companhia pode reduzi-la à metade (art. 7(2)(c); Sturgeon, §63).',
          )
        : tx('', '', '')
      out.owed.push(
        compensation(
          regime,
          ctx,
          input.incident === 'missed_connection' ? `${regime}.folkerts` : `${regime}.sturgeon`,
          source,
          join(join(join(facts, distanceWhy(regime, ctx)), whyCause(ctx)), halfWhy),
          half,
          status === 'disputed',
        ),
      )
    },
  }
}

/** Re-routing that arrives close to the original time halves the compensation (Art. 7(2)). */
function rerouteHalves(regime: Regime, ctx: Ctx): boolean {
  const { input } = ctx
  if (!input.rerouteOffered) return false
  const later = input.rerouteArrivalLaterMinutes ?? ctx.delay
  if (later === undefined) return false
  return later <= BAND_HOURS[bandOf(regime, ctx)] * 60
}

function reductionWhy(regime: Regime, ctx: Ctx): Text {
  const h = BAND_HOURS[bandOf(regime, ctx)]
  return tx(
    ` You were re-routed and arrived no more than ${h} h after the original arrival time, so the airline may pay half (Art. 7(2)).`,
    ` Te ofrecieron un transporte alternativo que llegó como máximo ${h} h después de la hora prevista, así que la aerolínea puede pagar la mitad (art. 7(2)).`,
    ` Você foi reacomodado e chegou no máximo ${h} h depois do horário previsto, então a companhia pode pagar a metade (art. 7(2)).`,
  )
}

/** Art. 5(1)(c): the notice windows of a cancellation. */
export function cancellationCompensable(input: {
  noticeDays?: number
  rerouteOffered?: boolean
  rerouteDepartureEarlierMinutes?: number
  rerouteArrivalLaterMinutes?: number
}): { owed: boolean; window: '14+' | '7-13' | '<7' } {
  const notice = input.noticeDays ?? 0
  if (notice >= 14) return { owed: false, window: '14+' }
  const earlier = input.rerouteDepartureEarlierMinutes ?? 0
  const later = input.rerouteArrivalLaterMinutes
  const rerouted = Boolean(input.rerouteOffered) && later !== undefined
  if (notice >= 7) return { owed: !(rerouted && earlier <= 120 && later! < 240), window: '7-13' }
  return { owed: !(rerouted && earlier <= 60 && later! < 120), window: '<7' }
}

function cancellationRule(regime: Regime): Rule {
  return {
    id: `${regime}.art5.cancellation`,
    regime,
    source: cite(regime, 'Art. 5(1)(c) and 7'),
    incidents: ['cancellation'],
    apply(ctx, out) {
      const { input } = ctx
      const { owed, window } = cancellationCompensable(input)
      const notice = input.noticeDays ?? 0
      if (!owed) {
        const why =
          window === '14+'
            ? tx(
                `You were told ${notice} days before departure: from 14 days' notice there is no compensation.`,
                `Te avisaron ${notice} días antes de la salida: con 14 días o más de aviso no hay compensación.`,
                `Você foi avisado ${notice} dias antes da partida: com 14 dias ou mais de aviso não há indenização.`,
              )
            : window === '7-13'
              ? tx(
                  `You were told ${notice} days before, and the alternative left no more than 2 h earlier and arrived less than 4 h later: no compensation.`,
                  `Te avisaron ${notice} días antes, y la alternativa salió como mucho 2 h antes y llegó menos de 4 h después: no hay compensación.`,
                  `Você foi avisado ${notice} dias antes, e a alternativa partiu no máximo 2 h antes e chegou menos de 4 h depois: não há indenização.`,
                )
              : tx(
                  `You were told ${notice} days before, and the alternative left no more than 1 h earlier and arrived less than 2 h later: no compensation.`,
                  `Te avisaron ${notice} días antes, y la alternativa salió como mucho 1 h antes y llegó menos de 2 h después: no hay compensación.`,
                  `Você foi avisado ${notice} dias antes, e a alternativa partiu no máximo 1 h antes e chegou menos de 2 h depois: não há indenização.`,
                )
        out.notOwed.push({ regime, kind: 'compensation', rule: `${regime}.art5_1_c.${window}`, source: this.source, title: COMPENSATION, why })
        return
      }
      const status = excused(regime, ctx, out)
      if (status === 'excused') return
      const half = rerouteHalves(regime, ctx)
      const facts =
        window === '7-13'
          ? tx(
              `You were told ${notice} days before departure (7–13 days) and the alternative did not keep within 2 h earlier / 4 h later.`,
              `Te avisaron ${notice} días antes de la salida (7–13 días) y la alternativa no se ajustó a 2 h antes / 4 h después.`,
              `Você foi avisado ${notice} dias antes da partida (7–13 dias) e a alternativa não ficou dentro de 2 h antes / 4 h depois.`,
            )
          : tx(
              `You were told ${notice} days before departure (less than 7) and the alternative did not keep within 1 h earlier / 2 h later.`,
              `Te avisaron ${notice} días antes de la salida (menos de 7) y la alternativa no se ajustó a 1 h antes / 2 h después.`,
              `Você foi avisado ${notice} dias antes da partida (menos de 7) e a alternativa não ficou dentro de 1 h antes / 2 h depois.`,
            )
      let why = join(join(facts, distanceWhy(regime, ctx)), whyCause(ctx))
      if (half) why = join(why, reductionWhy(regime, ctx))
      out.owed.push(compensation(regime, ctx, `${regime}.art5_1_c.${window}`, this.source, why, half, status === 'disputed'))
    },
  }
}

function deniedRule(regime: Regime): Rule {
  return {
    id: `${regime}.art4.denied`,
    regime,
    source: cite(regime, 'Art. 4 and 7'),
    incidents: ['denied_boarding'],
    apply(ctx, out) {
      if (ctx.input.volunteered) {
        out.owed.push({
          regime,
          kind: 'agreed_benefits',
          rule: `${regime}.art4_1`,
          source: cite(regime, 'Art. 4(1)'),
          title: tx('What you agreed with the airline', 'Lo que acordaste con la aerolínea', 'O que você combinou com a companhia'),
          why: tx(
            'You gave up your seat voluntarily: you are owed the benefits you agreed, plus refund or re-routing (Art. 8).',
            'Cediste tu plaza voluntariamente: se te debe lo que acordaste, más reembolso o transporte alternativo (art. 8).',
            'Você cedeu o assento voluntariamente: tem direito ao que combinou, mais reembolso ou reacomodação (art. 8).',
          ),
        })
        out.notOwed.push({
          regime,
          kind: 'compensation',
          rule: `${regime}.art4_1`,
          source: cite(regime, 'Art. 4(1)'),
          title: COMPENSATION,
          why: tx(
            'Fixed compensation is for passengers denied boarding against their will.',
            'La compensación fija es para quienes no embarcan contra su voluntad.',
            'A indenização fixa é para quem é impedido de embarcar contra a vontade.',
          ),
        })
        return
      }
      const half = rerouteHalves(regime, ctx)
      let why = join(
        tx(
          'You were denied boarding against your will: compensation is owed immediately.',
          'Te denegaron el embarque contra tu voluntad: la compensación se debe de inmediato.',
          'Seu embarque foi negado contra a sua vontade: a indenização é devida imediatamente.',
        ),
        distanceWhy(regime, ctx),
      )
      if (half) why = join(why, reductionWhy(regime, ctx))
      out.owed.push(compensation(regime, ctx, `${regime}.art4_3`, cite(regime, 'Art. 4(3) and 7'), why, half))
    },
  }
}

function refundRule(regime: Regime): Rule {
  return {
    id: `${regime}.art8`,
    regime,
    source: cite(regime, 'Art. 8'),
    incidents: ['cancellation', 'denied_boarding', 'delay'],
    apply(ctx, out) {
      const { input } = ctx
      if (input.incident === 'delay') {
        // Art. 6(1)(iii): from 5 hours, the traveller who gives up the trip gets the ticket back.
        if ((ctx.wait ?? 0) >= 300)
          out.owed.push({
            regime,
            kind: 'refund',
            ...(input.ticketPrice ? { amount: input.ticketPrice } : {}),
            rule: `${regime}.art6_1_iii`,
            source: cite(regime, 'Art. 6(1)(iii) and 8(1)(a)'),
            title: tx('Refund if you did not travel', 'Reembolso si no viajaste', 'Reembolso se você não viajou'),
            why: tx(
              'With a delay of 5 hours or more you may give up the trip and get the unused ticket refunded within 7 days.',
              'Con un retraso de 5 horas o más puedes renunciar al viaje y recuperar el billete no usado en 7 días.',
              'Com atraso de 5 horas ou mais você pode desistir da viagem e receber o reembolso do bilhete não usado em 7 dias.',
            ),
          })
        return
      }
      out.owed.push({
        regime,
        kind: 'reroute_or_refund',
        ...(input.ticketPrice ? { amount: input.ticketPrice } : {}),
        rule: `${regime}.art8`,
        source: this.source,
        title: tx('Refund or re-routing, your choice', 'Reembolso o transporte alternativo, a tu elección', 'Reembolso ou reacomodação, à sua escolha'),
        why: tx(
          'You choose: the full price of the ticket back within 7 days, or another flight to your destination as soon as possible or on a later date you prefer.',
          'Tú eliges: el precio completo del billete en 7 días, u otro vuelo a tu destino lo antes posible o en la fecha posterior que prefieras.',
          'Você escolhe: o valor integral da passagem em 7 dias, ou outro voo ao destino o quanto antes ou em data posterior da sua preferência.',
        ),
      })
    },
  }
}

const CARE_ITEMS: Text[] = [
  tx('Meals and refreshments in reasonable relation to the wait', 'Comida y bebida suficientes según la espera', 'Refeições e bebidas de acordo com a espera'),
  tx('Two telephone calls or e-mails', 'Dos llamadas telefónicas o correos electrónicos', 'Duas chamadas telefônicas ou e-mails'),
  tx(
    'A hotel and transport to it when an overnight stay is needed',
    'Hotel y traslado cuando haya que pasar la noche',
    'Hotel e transporte até ele quando for preciso pernoitar',
  ),
]

function careRule(regime: Regime): Rule {
  return {
    id: `${regime}.art9.care`,
    regime,
    source: cite(regime, 'Art. 6(1) and 9'),
    incidents: FLIGHT_INCIDENTS,
    apply(ctx, out) {
      const { input } = ctx
      const title = tx('Care while you wait', 'Asistencia durante la espera', 'Assistência durante a espera')
      if (input.incident === 'delay' || input.incident === 'missed_connection') {
        const hours = BAND_HOURS[bandOf(regime, ctx)]
        const wait = ctx.wait ?? 0
        if (wait < hours * 60) {
          out.notOwed.push({
            regime,
            kind: 'care',
            rule: `${regime}.art6_1`,
            source: this.source,
            title,
            why: tx(
              `For this distance, care starts at ${hours} hours of delay; you waited ${formatMinutes(wait)}.`,
              `Para esta distancia, la asistencia empieza a las ${hours} horas de retraso; esperaste ${formatMinutes(wait)}.`,
              `Para esta distância, a assistência começa com ${hours} horas de atraso; você esperou ${formatMinutes(wait)}.`,
            ),
          })
          return
        }
        out.owed.push({
          regime,
          kind: 'care',
          rule: `${regime}.art6_1`,
          source: this.source,
          title,
          why: tx(
            `You waited ${formatMinutes(wait)}; for this distance care is owed from ${hours} hours, whatever the cause.`,
            `Esperaste ${formatMinutes(wait)}; para esta distancia la asistencia se debe desde las ${hours} horas, sea cual sea la causa.`,
            `Você esperou ${formatMinutes(wait)}; para esta distância a assistência é devida a partir de ${hours} horas, seja qual for a causa.`,
          ),
          items: CARE_ITEMS,
        })
        return
      }
      out.owed.push({
        regime,
        kind: 'care',
        rule: input.incident === 'cancellation' ? `${regime}.art5_1_b` : `${regime}.art4_3`,
        source: cite(regime, input.incident === 'cancellation' ? 'Art. 5(1)(b) and 9' : 'Art. 4(3) and 9'),
        title,
        why: tx(
          'While you wait for the alternative flight the airline must look after you, whatever the cause.',
          'Mientras esperas el vuelo alternativo la aerolínea debe atenderte, sea cual sea la causa.',
          'Enquanto você espera o voo alternativo a companhia deve prestar assistência, seja qual for a causa.',
        ),
        items: CARE_ITEMS,
      })
    },
  }
}

function downgradeRule(regime: Regime): Rule {
  return {
    id: `${regime}.art10.downgrade`,
    regime,
    source: cite(regime, 'Art. 10(2)'),
    incidents: ['downgrade'],
    apply(ctx, out) {
      const share = DOWNGRADE_SHARE[bandOf(regime, ctx)]
      const price = ctx.input.downgradeLegPrice
      const pct = `${Math.round(share * 100)} %`
      out.owed.push({
        regime,
        kind: 'downgrade_refund',
        ...(price ? { amount: { amount: Math.round(price.amount * share * 100) / 100, currency: price.currency } } : {}),
        rule: `${regime}.art10_2`,
        source: this.source,
        title: tx(`${pct} of the price of that flight`, `El ${pct} del precio de ese vuelo`, `${pct} do preço desse voo`),
        why: join(
          tx(
            `You were placed in a lower class than you paid for: the airline must refund ${pct} of the price of that flight within 7 days.`,
            `Te colocaron en una clase inferior a la pagada: la aerolínea debe reembolsarte el ${pct} del precio de ese vuelo en 7 días.`,
            `Você foi colocado em classe inferior à paga: a companhia deve reembolsar ${pct} do preço desse voo em 7 dias.`,
          ),
          distanceWhy(regime, ctx),
        ),
      })
    },
  }
}

function expensesRule(regime: Regime): Rule {
  return {
    id: `${regime}.expenses`,
    regime,
    source: cite(regime, 'Art. 8 and 9', 'Art. 12'),
    incidents: FLIGHT_INCIDENTS,
    apply(ctx, out) {
      const { expenses } = ctx.input
      if (!expenses || expenses.amount <= 0) return
      out.owed.push({
        regime,
        kind: 'expenses',
        amount: expenses,
        rule: `${regime}.expenses`,
        source: this.source,
        title: tx('Your reasonable expenses', 'Tus gastos razonables', 'Suas despesas razoáveis'),
        why: tx(
          'What you had to pay yourself for the care the airline did not provide (keep the receipts).',
          'Lo que pagaste tú por la asistencia que la aerolínea no te dio (guarda los recibos).',
          'O que você pagou pela assistência que a companhia não prestou (guarde os recibos).',
        ),
      })
    },
  }
}

export function eu261Rules(regime: Regime): Rule[] {
  return [
    delayRule(regime),
    cancellationRule(regime),
    deniedRule(regime),
    refundRule(regime),
    careRule(regime),
    downgradeRule(regime),
    expensesRule(regime),
  ]
}

