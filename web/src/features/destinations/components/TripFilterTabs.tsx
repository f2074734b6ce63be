import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { searchForFilter, TRIP_FILTERS, type TripFilter } from '../trip-filter'

/**
 * All / Beaches / Mountains / Cities / Cultural as a labelled group of links: each tab
 * is an address (`?type=beaches`) that can be shared, bookmarked and reloaded.
 */
export function TripFilterTabs({ current }: { current: TripFilter }) {
  const { t } = useTranslation('destinations')
  const { pathname, search } = useLocation()
  return (
    <nav aria-label={t('filters.label')}>
      <ul className="filter-tabs">
        {TRIP_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={pathname + searchForFilter(filter, search)}
              aria-current={filter === current ? 'page' : undefined}
              className="filter-tab"
              preventScrollReset
            >
              {t(`filters.${filter}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
