import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useLang } from '../../../i18n/use-lang'
import { DestinationCard } from '../../content/components/DestinationCard'
import { usePageData } from '../../content/use-page-data'
import { destinationsRequest } from '../destination-requests'
import type { TripFilter } from '../trip-filter'

/** The cards of one tab, and a polite announcement of how many there are. */
export function DestinationResults({ filter }: { filter: TripFilter }) {
  const { t } = useTranslation('destinations')
  const { pathname, search } = useLocation()
  const { items } = usePageData(destinationsRequest(useLang(), filter, pathname, search))
  return (
    <>
      <output className="mt-6 block text-sm text-slate-600">{t('filters.count', { count: items.length })}</output>
      <ul className="card-grid mt-4">
        {items.map((destination) => (
          <li key={destination.slug} className="flex">
            <DestinationCard destination={destination} eyebrow={t(`kinds.${destination.kind}`)} />
          </li>
        ))}
      </ul>
    </>
  )
}
