import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useStock } from '../business/queries'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { AdjustStock } from './AdjustStock'

/** Admins: every variant's stock (GET /staff/stock), or only the low ones, each with its adjustment form. */
export default function StockPage() {
  const { t } = useTranslation('staff')
  const [params, setParams] = useSearchParams()
  const lowOnly = params.get('low') === 'true'
  const stock = useStock(lowOnly)
  return (
    <SectionPage
      title={t('stock.title')}
      intro={t('stock.intro')}
      actions={
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5 accent-ocean-700" checked={lowOnly} onChange={(e) => setParams(e.target.checked ? 'low=true' : '')} />
          {t('stock.lowOnly')}
        </label>
      }
    >
      <QueryView query={stock} loading={t('stock.loading')}>
        {({ threshold, items }) => (
          <div className="space-y-4">
            <output className="block text-slate-600">{t('stock.found', { count: items.length, threshold })}</output>
            <ul className="space-y-3">
              {items.map((item) => (
                <li key={item.sku} className="card space-y-3">
                  <h2 className="text-lg font-semibold">
                    {item.product_name} <span className="font-normal text-slate-600">({item.variant_name})</span>
                  </h2>
                  <p className="text-sm">
                    <code>{item.sku}</code> · <strong>{t('stock.inStock', { count: item.stock })}</strong>
                    {item.low && (
                      <strong className="ml-2 inline-flex items-center gap-1 rounded-full bg-coral-50 px-2 py-0.5 text-coral-700">
                        <span aria-hidden="true">⚠</span>
                        {t('stock.low')}
                      </strong>
                    )}
                  </p>
                  <AdjustStock item={item} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryView>
    </SectionPage>
  )
}
