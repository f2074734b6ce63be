import { LUGGAGE_INCIDENTS, type Rule } from './rule'
import { MONTREAL_SOURCE } from './scopes'
import { convertSdr } from './sdr'
import { tx } from './text'

/** Art. 22(2) as revised by ICAO in force on 28 December 2024 (was 1,288 SDR). */
export const MONTREAL_LUGGAGE_CAP_SDR = 1519

const art = (article: string) => ({ cite: `Montreal Convention 1999, ${article}`, url: MONTREAL_SOURCE.url })

export const MONTREAL_RULES: readonly Rule[] = [
  {
    id: 'montreal.art22',
    regime: 'montreal',
    source: art('Art. 17, 19 and 22(2) (limit revised with effect from 28 December 2024)'),
    incidents: LUGGAGE_INCIDENTS,
    apply(ctx, out) {
      const { input } = ctx
      const what =
        input.incident === 'luggage_lost'
          ? tx(
              'Lost luggage: its value and contents. A bag not delivered 21 days after it should have arrived counts as lost (Art. 17(3)).',
              'Equipaje perdido: su valor y contenido. Una maleta no entregada 21 días después de cuando debía llegar se considera perdida (art. 17(3)).',
              'Bagagem extraviada: o valor dela e do conteúdo. Uma mala não entregue 21 dias após a data prevista é considerada perdida (art. 17(3)).',
            )
          : input.incident === 'luggage_delayed'
            ? tx(
                'Delayed luggage: the essentials you had to buy while waiting.',
                'Equipaje retrasado: lo imprescindible que tuviste que comprar mientras esperabas.',
                'Bagagem atrasada: o essencial que você precisou comprar enquanto esperava.',
              )
            : tx('Damaged luggage: repair or replacement.', 'Equipaje dañado: reparación o sustitución.', 'Bagagem danificada: conserto ou substituição.')
      const cap = tx(
        ` Up to ${MONTREAL_LUGGAGE_CAP_SDR} SDR per passenger, on proof of the damage.`,
        ` Hasta ${MONTREAL_LUGGAGE_CAP_SDR} DEG por pasajero, probando el daño.`,
        ` Até ${MONTREAL_LUGGAGE_CAP_SDR} DES por passageiro, mediante comprovação do dano.`,
      )
      out.owed.push({
        regime: 'montreal',
        kind: 'luggage_liability',
        amount: { amount: MONTREAL_LUGGAGE_CAP_SDR, currency: 'SDR' },
        converted: convertSdr(MONTREAL_LUGGAGE_CAP_SDR, input.residence),
        upTo: true,
        rule: input.incident === 'luggage_delayed' ? 'montreal.art19' : 'montreal.art17',
        source: this.source,
        title: tx('Damages for your luggage', 'Indemnización por tu equipaje', 'Indenização pela bagagem'),
        why: { en: what.en + cap.en, es: what.es + cap.es, pt: what.pt + cap.pt },
      })
      if (input.expenses && input.expenses.amount > 0 && input.incident === 'luggage_delayed')
        out.owed.push({
          regime: 'montreal',
          kind: 'expenses',
          amount: input.expenses,
          rule: 'montreal.art19',
          source: art('Art. 19'),
          title: tx('Your expenses', 'Tus gastos', 'Suas despesas'),
          why: tx(
            'What you spent on essentials while the bag was missing (keep the receipts).',
            'Lo que gastaste en lo imprescindible mientras no tenías la maleta (guarda los recibos).',
            'O que você gastou com o essencial enquanto estava sem a mala (guarde os recibos).',
          ),
        })
    },
  },
]
