import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { countryName, publishedDate } from '../format'
import type { OpinionSummary } from '../types'

/** Category, country, outcome and publication day, as a list of terms. */
export function OpinionFacts({ opinion }: { opinion: OpinionSummary }) {
  const { t } = useTranslation('opinions')
  const lang = useLang()
  const row = 'grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4'
  return (
    <dl className="mt-6 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white px-5">
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('facts.category')}</dt>
        <dd>{t(`categories.${opinion.category}`)}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('facts.country')}</dt>
        <dd>{countryName(opinion.country, lang)}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('facts.outcome')}</dt>
        <dd>{opinion.outcome}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold text-ocean-900">{t('facts.published')}</dt>
        <dd>
          <time dateTime={opinion.published_at}>{publishedDate(opinion.published_at, lang)}</time>
        </dd>
      </div>
    </dl>
  )
}
