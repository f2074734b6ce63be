import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { localizedPath } from '../../../i18n/paths'
import { useLang } from '../../../i18n/use-lang'
import { opinionPath } from '../../../lib/site-map'
import { countryName, publishedDate } from '../format'
import type { OpinionSummary } from '../types'

/** An opinion in the list: category and country, title (the link), excerpt, outcome and date. */
export function OpinionCard({ opinion }: { opinion: OpinionSummary }) {
  const { t } = useTranslation('opinions')
  const lang = useLang()
  // A text shown in the traveller's language (none in the page's) says which one it is.
  const textLang = opinion.lang === lang ? undefined : opinion.lang
  return (
    <article className="content-card">
      <div className="content-card-body">
        <p className="eyebrow">
          {t(`categories.${opinion.category}`)}
          <span aria-hidden="true"> · </span>
          {countryName(opinion.country, lang)}
        </p>
        <h2 className="content-card-title" lang={textLang}>
          <Link to={localizedPath(opinionPath(opinion.slug), lang)} className="card-link">
            {opinion.title}
          </Link>
        </h2>
        <p className="content-card-text" lang={textLang}>
          {opinion.excerpt}
        </p>
        <p className="content-card-meta">
          <span className="font-semibold text-ocean-900">{t('facts.outcomeIs', { outcome: opinion.outcome })}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={opinion.published_at}>{publishedDate(opinion.published_at, lang)}</time>
        </p>
      </div>
    </article>
  )
}
