import { useTranslation } from 'react-i18next'
import { formatDate, formatMoney } from '../rules/text'
import type { Entitlement, Lang, NotOwed, RegimeApplies } from '../rules/types'
import { SourceCite } from './Source'

function regimeName(regimes: RegimeApplies[], id: string, lang: Lang): string {
  return regimes.find((r) => r.id === id)?.name[lang] ?? id
}

/** The sum owed, as the rule sets it: fixed, "up to", "at least", with its conversion. */
export function AmountText({ entitlement, lang }: { entitlement: Entitlement; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  const { amount, converted } = entitlement
  if (!amount) return null
  const money = formatMoney(amount, lang)
  const main = entitlement.upTo ? t('owed.upTo', { amount: money }) : entitlement.atLeast ? t('owed.atLeast', { amount: money }) : money
  return (
    <p className="rights-amount">
      <strong>{main}</strong>
      {converted && <span> ({t('owed.converted', { amount: formatMoney(converted, lang), date: formatDate(converted.rateDate, lang) })})</span>}
    </p>
  )
}

export function OwedList({ owed, regimes, lang }: { owed: Entitlement[]; regimes: RegimeApplies[]; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  return (
    <section aria-labelledby="rights-owed" className="rights-block">
      <h3 id="rights-owed">{t('owed.heading')}</h3>
      {owed.length === 0 ? (
        <p>{t('owed.none')}</p>
      ) : (
        <ul className="rights-list">
          {owed.map((e) => (
            <li key={`${e.rule}-${e.kind}`} className="rights-item rights-item-owed">
              <p className="rights-item-title">
                <span>{e.title[lang]}</span> <span className="rights-regime">— {regimeName(regimes, e.regime, lang)}</span>
              </p>
              <AmountText entitlement={e} lang={lang} />
              <p>{e.why[lang]}</p>
              {e.disputed && <p className="rights-warning">{t('owed.disputed')}</p>}
              {e.items && (
                <>
                  <p>{t('owed.includes')}</p>
                  <ul className="rights-sublist">
                    {e.items.map((item) => (
                      <li key={item.en}>{item[lang]}</li>
                    ))}
                  </ul>
                </>
              )}
              <p className="rights-source">
                <SourceCite source={e.source} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function NotOwedList({ notOwed, regimes, lang }: { notOwed: NotOwed[]; regimes: RegimeApplies[]; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  if (notOwed.length === 0) return null
  return (
    <section aria-labelledby="rights-not-owed" className="rights-block">
      <h3 id="rights-not-owed">{t('notOwed.heading')}</h3>
      <ul className="rights-list">
        {notOwed.map((e) => (
          <li key={`${e.rule}-${e.kind}`} className="rights-item">
            <p className="rights-item-title">
              <span>{e.title[lang]}</span> <span className="rights-regime">— {regimeName(regimes, e.regime, lang)}</span>
            </p>
            <p>{e.why[lang]}</p>
            <p className="rights-source">
              <SourceCite source={e.source} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
