import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'
import { categoryPath } from '../paths'

/** Home › Store › Category › Product, the product itself marked as the current page. */
export function Breadcrumb({ category, categoryName, name }: { category: string; categoryName: string; name: string }) {
  const { t } = useTranslation('store')
  const nav = useTranslation('navigation').t
  const separator = (
    <span aria-hidden="true" className="text-slate-600">
      ›
    </span>
  )
  return (
    <nav aria-label={t('product.breadcrumb')}>
      <ol className="breadcrumb">
        <li>
          <LocalizedLink to={PAGE_PATHS.home} className="breadcrumb-link">
            {nav('home')}
          </LocalizedLink>
          {separator}
        </li>
        <li>
          <LocalizedLink to={PAGE_PATHS.store} className="breadcrumb-link">
            {nav('store')}
          </LocalizedLink>
          {separator}
        </li>
        <li>
          <LocalizedLink to={categoryPath(category)} className="breadcrumb-link">
            {categoryName}
          </LocalizedLink>
          {separator}
        </li>
        <li aria-current="page" className="font-semibold text-ocean-900">
          {name}
        </li>
      </ol>
    </nav>
  )
}
