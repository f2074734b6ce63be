import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useLang } from '../../../i18n/use-lang'
import { usePageData } from '../../content/use-page-data'
import type { CategoryFilter } from '../category-filter'
import { opinionsRequest } from '../opinion-requests'
import { OpinionCard } from './OpinionCard'

/** The cards of one filter, and a polite announcement of how many there are. */
export function OpinionResults({ filter }: { filter: CategoryFilter }) {
  const { t } = useTranslation('opinions')
  const { pathname, search } = useLocation()
  const { items } = usePageData(opinionsRequest(useLang(), filter, pathname, search))
  return (
    <>
      <output className="mt-6 block text-sm text-slate-600">{t('list.count', { count: items.length })}</output>
      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-sand-100 p-5 text-ocean-900">{filter === 'all' ? t('list.emptyAll') : t('list.empty')}</p>
      ) : (
        <ul className="card-grid mt-4" aria-label={t('list.label')}>
          {items.map((opinion) => (
            <li key={opinion.slug} className="flex">
              <OpinionCard opinion={opinion} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
