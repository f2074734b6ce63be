/**
 * The claim letter, in the traveller's language and, when the airline is foreign to where they
 * live, in English too. Everything the traveller must fill in is in [square brackets].
 */
import { citeIn } from './cite'
import { formatDate, formatMinutes, formatMoney } from './text'
import type { Airport, Assessment, CheckInput, Entitlement, EntitlementKind, Incident, Lang, Reason } from './types'

/** Matches every placeholder the traveller must fill, e.g. "[booking reference]". */
export const PLACEHOLDER = /\[[^\]\n]+\]/g

interface Words {
  name: string
  address: string
  email: string
  booking: string
  flight: string
  iban: string
  holder: string
  to: string
  subject: (route: string, date: string) => string
  greeting: string
  booked: (flight: string, airline: string, from: string, to: string, date: string, booking: string) => string
  claims: Partial<Record<EntitlementKind, string>>
  incident: Record<Incident, string>
  delayed: (minutes: string) => string
  missedAt: (airport: string) => string
  notice: (days: number) => string
  received: (date: string) => string
  reason: string
  reasons: Record<Reason, string>
  claimIntro: string
  upTo: string
  atLeast: string
  approx: (value: string, date: string) => string
  basis: string
  pay: (days: number) => string
  bank: string
  escalate: (days: number, body: string) => string
  attached: string
  closing: string
}

const EN: Words = {
  name: '[your full name]',
  address: '[address]',
  email: '[e-mail]',
  booking: '[booking reference]',
  flight: '[flight number]',
  iban: '[IBAN / account number]',
  holder: 'Account holder',
  to: 'Customer Relations — Claims',
  subject: (route, date) => `Claim under passenger rights — flight [flight number], ${route}, ${date} — booking [booking reference]`,
  greeting: 'Dear Sir or Madam,',
  booked: (flight, airline, from, to, date, booking) =>
    `I held a confirmed reservation, booking reference ${booking}, on flight ${flight} operated by ${airline} from ${from} to ${to} on ${date}.`,
  claims: {
    refund: 'Refund of the ticket',
    reroute_or_refund: 'Refund of the ticket (or re-routing, at my choice)',
    expenses: 'Reimbursement of my expenses',
    luggage_liability: 'Damages for my luggage',
    agreed_benefits: 'What I agreed with the airline',
  },
  incident: {
    delay: 'The flight was delayed.',
    cancellation: 'The flight was cancelled.',
    denied_boarding: 'I presented myself for boarding on time and was denied boarding against my will.',
    downgrade: 'I was placed in a lower class than the one I had paid for.',
    missed_connection: 'Because of a delay, I missed my connecting flight.',
    luggage_lost: 'My checked luggage was not delivered and has been lost.',
    luggage_delayed: 'My checked luggage was delivered late.',
    luggage_damaged: 'My checked luggage was delivered damaged.',
  },
  delayed: (m) => `I reached my final destination ${m} later than scheduled.`,
  missedAt: (a) => `The connection was at ${a}; all flights were on one booking.`,
  notice: (d) => `I was informed of the cancellation ${d} days before the scheduled departure.`,
  received: (d) => `The luggage was handed back to me on ${d}.`,
  reason: 'The reason given was:',
  reasons: {
    none_given: 'no reason was given',
    technical: 'a technical problem',
    own_staff_strike: 'a strike of the airline’s own staff',
    weather: 'weather conditions',
    air_traffic_control: 'air traffic control restrictions',
    security: 'a security risk',
    external_strike: 'a strike outside the airline',
    medical_emergency: 'a medical emergency',
    other: 'another reason',
  },
  claimIntro: 'I therefore claim:',
  upTo: 'up to',
  atLeast: 'at least',
  approx: (value, date) => `about ${value} at the rate of ${date}`,
  basis: 'Legal basis:',
  pay: (days) => `Please pay the amounts above within ${days} days to the following account:`,
  bank: 'Bank',
  escalate: (days, body) =>
    `If I receive no satisfactory answer within ${days} days, I will refer the matter to ${body} and, if necessary, to the courts.`,
  attached: 'Attached:',
  closing: 'Yours faithfully,',
}

const ES: Words = {
  name: '[nombre y apellidos]',
  address: '[dirección]',
  email: '[correo electrónico]',
  booking: '[localizador de la reserva]',
  flight: '[número de vuelo]',
  iban: '[IBAN / número de cuenta]',
  holder: 'Titular',
  to: 'Atención al cliente — Reclamaciones',
  subject: (route, date) => `Reclamación de derechos del pasajero — vuelo [número de vuelo], ${route}, ${date} — reserva [localizador de la reserva]`,
  greeting: 'Muy señores míos:',
  booked: (flight, airline, from, to, date, booking) =>
    `Tenía una reserva confirmada, con localizador ${booking}, en el vuelo ${flight} operado por ${airline} de ${from} a ${to} el ${date}.`,
  claims: {
    refund: 'Reembolso del billete',
    reroute_or_refund: 'Reembolso del billete (o transporte alternativo, a mi elección)',
    expenses: 'Reembolso de mis gastos',
    luggage_liability: 'Indemnización por mi equipaje',
    agreed_benefits: 'Lo acordado con la aerolínea',
  },
  incident: {
    delay: 'El vuelo sufrió un retraso.',
    cancellation: 'El vuelo fue cancelado.',
    denied_boarding: 'Me presenté al embarque a tiempo y se me denegó el embarque contra mi voluntad.',
    downgrade: 'Se me acomodó en una clase inferior a la que había pagado.',
    missed_connection: 'Debido a un retraso, perdí mi vuelo de conexión.',
    luggage_lost: 'Mi equipaje facturado no me fue entregado y se ha perdido.',
    luggage_delayed: 'Mi equipaje facturado me fue entregado con retraso.',
    luggage_damaged: 'Mi equipaje facturado me fue entregado dañado.',
  },
  delayed: (m) => `Llegué a mi destino final con ${m} de retraso respecto a lo previsto.`,
  missedAt: (a) => `La conexión era en ${a}; todos los vuelos formaban parte de una misma reserva.`,
  notice: (d) => `Se me informó de la cancelación ${d} días antes de la salida prevista.`,
  received: (d) => `El equipaje me fue devuelto el ${d}.`,
  reason: 'El motivo indicado fue:',
  reasons: {
    none_given: 'no se indicó ningún motivo',
    technical: 'un problema técnico',
    own_staff_strike: 'una huelga del propio personal de la aerolínea',
    weather: 'las condiciones meteorológicas',
    air_traffic_control: 'restricciones del control de tráfico aéreo',
    security: 'un riesgo para la seguridad',
    external_strike: 'una huelga ajena a la aerolínea',
    medical_emergency: 'una emergencia médica',
    other: 'otro motivo',
  },
  claimIntro: 'Por todo ello, reclamo:',
  upTo: 'hasta',
  atLeast: 'al menos',
  approx: (value, date) => `unos ${value} al cambio del ${date}`,
  basis: 'Fundamento jurídico:',
  pay: (days) => `Les ruego que abonen las cantidades indicadas en un plazo de ${days} días en la siguiente cuenta:`,
  bank: 'Banco',
  escalate: (days, body) =>
    `Si en ${days} días no recibo una respuesta satisfactoria, acudiré a ${body} y, si fuera necesario, a los tribunales.`,
  attached: 'Adjunto:',
  closing: 'Atentamente,',
}

const PT: Words = {
  name: '[nome completo]',
  address: '[endereço]',
  email: '[e-mail]',
  booking: '[código da reserva]',
  flight: '[número do voo]',
  iban: '[banco, agência e conta / chave Pix / IBAN]',
  holder: 'Titular',
  to: 'Atendimento ao cliente — Reclamações',
  subject: (route, date) => `Reclamação de direitos do passageiro — voo [número do voo], ${route}, ${date} — reserva [código da reserva]`,
  greeting: 'Prezados senhores,',
  booked: (flight, airline, from, to, date, booking) =>
    `Eu tinha uma reserva confirmada, código ${booking}, no voo ${flight} operado pela ${airline} de ${from} para ${to} em ${date}.`,
  claims: {
    refund: 'Reembolso da passagem',
    reroute_or_refund: 'Reembolso da passagem (ou reacomodação, à minha escolha)',
    expenses: 'Reembolso das minhas despesas',
    luggage_liability: 'Indenização pela minha bagagem',
    agreed_benefits: 'O que foi combinado com a companhia',
  },
  incident: {
    delay: 'O voo atrasou.',
    cancellation: 'O voo foi cancelado.',
    denied_boarding: 'Apresentei-me para o embarque no horário e tive o embarque negado contra a minha vontade.',
    downgrade: 'Fui acomodado em uma classe inferior à que paguei.',
    missed_connection: 'Por causa de um atraso, perdi o voo de conexão.',
    luggage_lost: 'Minha bagagem despachada não foi entregue e foi extraviada.',
    luggage_delayed: 'Minha bagagem despachada foi entregue com atraso.',
    luggage_damaged: 'Minha bagagem despachada foi entregue danificada.',
  },
  delayed: (m) => `Cheguei ao destino final com ${m} de atraso em relação ao previsto.`,
  missedAt: (a) => `A conexão era em ${a}; todos os voos faziam parte de uma mesma reserva.`,
  notice: (d) => `Fui informado do cancelamento ${d} dias antes da partida prevista.`,
  received: (d) => `A bagagem me foi devolvida em ${d}.`,
  reason: 'O motivo informado foi:',
  reasons: {
    none_given: 'nenhum motivo foi informado',
    technical: 'um problema técnico',
    own_staff_strike: 'uma greve do próprio pessoal da companhia',
    weather: 'condições meteorológicas',
    air_traffic_control: 'restrições do controle de tráfego aéreo',
    security: 'um risco à segurança',
    external_strike: 'uma greve alheia à companhia',
    medical_emergency: 'uma emergência médica',
    other: 'outro motivo',
  },
  claimIntro: 'Diante disso, solicito:',
  upTo: 'até',
  atLeast: 'no mínimo',
  approx: (value, date) => `cerca de ${value} pela cotação de ${date}`,
  basis: 'Fundamentação legal:',
  pay: (days) => `Solicito o pagamento dos valores acima em até ${days} dias na seguinte conta:`,
  bank: 'Banco',
  escalate: (days, body) =>
    `Caso não receba resposta satisfatória em ${days} dias, recorrerei a ${body} e, se necessário, ao Poder Judiciário.`,
  attached: 'Anexos:',
  closing: 'Atenciosamente,',
}

export const LETTER_WORDS: Record<Lang, Words> = { en: EN, es: ES, pt: PT }

const place = (a: Airport) => `${a.city} (${a.iata})`

/** The days the airline is given to answer: 14 under the EU/UK rules, 30 elsewhere. */
export function answerDays(assessment: Assessment): number {
  return assessment.regimes.some((r) => r.id === 'eu261' || r.id === 'uk261') ? 14 : 30
}

function claimLine(e: Entitlement, lang: Lang, w: Words): string {
  let line = `- ${w.claims[e.kind] ?? e.title[lang]}`
  if (e.amount) {
    const qualifier = e.upTo ? `${w.upTo} ` : e.atLeast ? `${w.atLeast} ` : ''
    line += `: ${qualifier}${formatMoney(e.amount, lang)}`
    if (e.converted) line += ` (${w.approx(formatMoney(e.converted, lang), formatDate(e.converted.rateDate, lang))})`
  }
  return `${line} — ${citeIn(e.source.cite, lang)}`
}

/** What the letter asks for: everything owed after the fact (care is owed at the airport; unpaid care is claimed as expenses). */
const claimed = (assessment: Assessment) => assessment.owed.filter((e) => e.kind !== 'information' && e.kind !== 'care')

export function claimLetter(input: CheckInput, assessment: Assessment, lang: Lang): { subject: string; body: string } {
  const w = LETTER_WORDS[lang]
  const route = `${place(input.from)} → ${place(input.to)}`
  const date = formatDate(input.date, lang)
  const facts: string[] = [w.booked(w.flight, input.airline.name, place(input.from), place(input.to), date, w.booking), w.incident[input.incident]]
  if (input.incident === 'missed_connection' && input.connections[0]) facts.push(w.missedAt(input.connections.map(place).join(', ')))
  if (input.arrivalDelayMinutes !== undefined && ['delay', 'missed_connection', 'cancellation', 'denied_boarding'].includes(input.incident))
    facts.push(w.delayed(formatMinutes(input.arrivalDelayMinutes)))
  if (input.incident === 'cancellation' && input.noticeDays !== undefined) facts.push(w.notice(input.noticeDays))
  if (input.luggageReceivedDate && (input.incident === 'luggage_delayed' || input.incident === 'luggage_damaged'))
    facts.push(w.received(formatDate(input.luggageReceivedDate, lang)))
  if (!input.incident.startsWith('luggage')) facts.push(`${w.reason} ${w.reasons[input.reason]}.`)

  const days = answerDays(assessment)
  const body = assessment.sendTo.find((d) => d.kind !== 'airline')?.name ?? w.to
  const lines = [
    w.name,
    w.address,
    w.email,
    '',
    `${input.airline.name} — ${w.to}`,
    formatDate(input.today, lang),
    '',
    w.greeting,
    '',
    facts.join(' '),
    '',
    w.claimIntro,
    ...claimed(assessment).map((e) => claimLine(e, lang, w)),
    '',
    w.basis,
    ...assessment.regimes.map((r) => `- ${r.name[lang]} (${citeIn(r.source.cite, lang)})`),
    '',
    w.pay(days),
    `IBAN: ${w.iban}`,
    `${w.bank}: [${lang === 'en' ? 'bank name' : lang === 'es' ? 'nombre del banco' : 'nome do banco'}]`,
    `${w.holder}: ${w.name}`,
    '',
    w.escalate(days, body),
    '',
    w.attached,
    ...assessment.documents.map((d) => `- ${d[lang]}`),
    '',
    w.closing,
    '',
    w.name,
  ]
  return { subject: w.subject(route, date), body: lines.join('\n') }
}

/**
 * The languages to write the letter in: the traveller's, and English as well when the airline
 * is registered outside the country where they live.
 */
export function letterLanguages(input: CheckInput): Lang[] {
  const foreign = input.airline.country.toUpperCase() !== input.residence.toUpperCase()
  return foreign && input.lang !== 'en' ? [input.lang, 'en'] : [input.lang]
}

const SUMMARY: Record<Lang, { title: string; owed: string; expert: string }> = {
  en: { title: 'Passenger-rights check', owed: 'What the checker found I am owed:', expert: 'The checker says an expert should look at it.' },
  es: { title: 'Comprobación de derechos del pasajero', owed: 'Lo que el comprobador dice que se me debe:', expert: 'El comprobador indica que debe revisarlo un experto.' },
  pt: { title: 'Verificação de direitos do passageiro', owed: 'O que o verificador diz que me é devido:', expert: 'O verificador indica que um especialista deve analisar o caso.' },
}

/**
 * A short summary of the case for the consultation booking's message: the facts (without
 * placeholders) and what is owed. Written only when the traveller asks to book.
 */
export function caseSummary(input: CheckInput, assessment: Assessment, lang: Lang): string {
  const w = LETTER_WORDS[lang]
  const s = SUMMARY[lang]
  const facts = [
    `${s.title}: ${place(input.from)} → ${[...input.connections, input.to].map(place).join(' → ')}, ${input.airline.name}, ${formatDate(input.date, lang)}.`,
    w.incident[input.incident],
  ]
  if (input.arrivalDelayMinutes !== undefined && !input.incident.startsWith('luggage')) facts.push(w.delayed(formatMinutes(input.arrivalDelayMinutes)))
  if (input.incident === 'cancellation' && input.noticeDays !== undefined) facts.push(w.notice(input.noticeDays))
  if (!input.incident.startsWith('luggage')) facts.push(`${w.reason} ${w.reasons[input.reason]}.`)
  const lines = [facts.join(' ')]
  const owed = claimed(assessment)
  if (owed.length) lines.push('', s.owed, ...owed.map((e) => claimLine(e, lang, w)))
  if (assessment.expert.length) lines.push('', s.expert)
  return lines.join('\n')
}
