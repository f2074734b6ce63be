import { useTranslation } from 'react-i18next'
import { formatDate } from '../rules/text'
import type { Assessment, Lang } from '../rules/types'
import { SourceCite } from './Source'

/** The rules that apply (and those checked that do not), with the distance and band used. */
export function RegimesSection({ assessment, lang }: { assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  const { regimes, notApplicable, distance } = assessment
  return (
    <section aria-labelledby="rights-regimes" className="rights-block">
      <h3 id="rights-regimes">{t('regimes.heading')}</h3>
      {regimes.length === 0 ? (
        <p>{t('regimes.none')}</p>
      ) : (
        <ul className="rights-list">
          {regimes.map((r) => (
            <li key={r.id} className="rights-item">
              <p className="rights-item-title">{r.name[lang]}</p>
              <p>{r.why[lang]}</p>
              <p className="rights-source">
                <SourceCite source={r.source} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <h4>{t('distance.heading')}</h4>
      <p>{t('distance.value', { km: distance.km.toLocaleString(lang === 'en' ? 'en-GB' : lang === 'es' ? 'es-ES' : 'pt-BR') })}</p>
      {distance.bandLabel && <p>{t('distance.band', { band: distance.bandLabel[lang] })}</p>}
      {notApplicable.length > 0 && (
        <details className="rights-details">
          <summary>{t('regimes.notApplicable')}</summary>
          <ul className="rights-sublist">
            {notApplicable.map((r) => (
              <li key={r.id}>
                <strong>{r.name[lang]}</strong>: {r.why[lang]}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}

export function DeadlinesSection({ assessment, lang }: { assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  if (assessment.deadlines.length === 0) return null
  return (
    <section aria-labelledby="rights-deadlines" className="rights-block">
      <h3 id="rights-deadlines">{t('deadlines.heading')}</h3>
      <ul className="rights-list">
        {assessment.deadlines.map((d, i) => (
          <li key={`${d.regime}-${i}`} className="rights-item">
            <p>
              {d.label[lang]}
              {d.until && (
                <>
                  {' '}
                  <strong>{t('deadlines.until', { date: formatDate(d.until, lang) })}</strong>
                </>
              )}
            </p>
            <p className="rights-source">
              <SourceCite source={d.source} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function DocumentsSection({ assessment, lang }: { assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  return (
    <section aria-labelledby="rights-documents" className="rights-block">
      <h3 id="rights-documents">{t('documents.heading')}</h3>
      <ul className="rights-checklist">
        {assessment.documents.map((d) => (
          <li key={d.en}>{d[lang]}</li>
        ))}
      </ul>
    </section>
  )
}

export function SendToSection({ assessment, lang }: { assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  return (
    <section aria-labelledby="rights-send-to" className="rights-block">
      <h3 id="rights-send-to">{t('sendTo.heading')}</h3>
      <ol className="rights-list">
        {assessment.sendTo.map((d) => (
          <li key={d.name} className="rights-item">
            <p className="rights-item-title">
              {d.url ? (
                <a href={d.url} target="_blank" rel="noopener noreferrer">
                  {d.name}
                  <span className="sr-only"> {t('sendTo.newTab')}</span>
                </a>
              ) : (
                d.name
              )}
            </p>
            <p>{d.note[lang]}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
