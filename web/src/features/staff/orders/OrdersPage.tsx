import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useOrders } from '../business/queries'
import type { OrderFilters } from '../business/types'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { ExportButtons } from './ExportButtons'
import { filtersFromParams, pageCount, paramsFromFilters } from './order-filters'
import { OrderFiltersForm } from './OrderFiltersForm'
import { OrdersTable } from './OrdersTable'
import { Pager } from './Pager'

/** Admins: the store's orders (GET /staff/orders), filtered and paged; the filters live in the address. */
export default function OrdersPage() {
  const { t } = useTranslation('staff')
  const [params, setParams] = useSearchParams()
  const filters = filtersFromParams(params)
  const orders = useOrders(filters)
  const go = (next: OrderFilters) => setParams(paramsFromFilters(next))
  return (
    <SectionPage title={t('orders.title')} intro={t('orders.intro')}>
      <OrderFiltersForm key={params.toString()} filters={filters} onApply={go} />
      <QueryView query={orders} loading={t('orders.loading')}>
        {(list) => (
          <div className="space-y-4">
            <output className="block font-semibold text-ocean-900">{t('orders.found', { count: list.total })}</output>
            {list.items.length > 0 && <OrdersTable caption={t('orders.caption')} orders={list.items} />}
            <Pager page={list.page} pages={pageCount(list.total, list.page_size)} onPage={(page) => go({ ...filters, page })} />
          </div>
        )}
      </QueryView>
      <ExportButtons />
    </SectionPage>
  )
}
