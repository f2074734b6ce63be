import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { CATEGORY_FILTERS, searchForCategory, type CategoryFilter } from '../category-filter'

/**
 * All / Airline / Airport / … as a labelled group of links: each filter is an address
 * (`?category=hotel`) that crawlers follow and readers can share, bookmark and reload;
 * the current one says so (`aria-current`).
 */
export function CategoryFilterLinks({ current }: { current: CategoryFilter }) {
  const { t } = useTranslation('opinions')
  const { pathname, search } = useLocation()
  return (
    <nav aria-label={t('filter.label')}>
      <ul className="filter-tabs">
        {CATEGORY_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={pathname + searchForCategory(filter, search)}
              aria-current={filter === current ? 'page' : undefined}
              className="filter-tab"
              preventScrollReset
            >
              {filter === 'all' ? t('filter.all') : t(`categories.${filter}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
