import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useSetDiscountActive } from '../business/mutations'
import { useDiscounts } from '../business/queries'
import type { StaffDiscount } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { Panel } from '../booking/Panel'
import { ActionStatus } from '../components/ActionStatus'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { NewDiscountForm } from './NewDiscountForm'

function PauseButton({ discount }: { discount: StaffDiscount }) {
  const { t } = useTranslation('staff')
  const toggle = useSetDiscountActive()
  const action = discount.active ? 'pause' : 'resume'
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={toggle.isPending}
        aria-label={t(`discounts.${action}Label`, { code: discount.code })}
        onClick={() => toggle.mutate({ code: discount.code, active: !discount.active })}
      >
        {t(`discounts.${action}`)}
      </button>
      <ActionStatus done={toggle.isSuccess ? t(toggle.data.active ? 'discounts.resumed' : 'discounts.paused', { code: toggle.data.code }) : null} error={toggle.error} />
    </div>
  )
}

/** Admins: the discount codes with their use (GET /staff/discounts), a new one, pause and resume. */
export default function DiscountsPage() {
  const { t } = useTranslation('staff')
  const { money, when, count } = useBusinessFormat()
  const discounts = useDiscounts()
  const columns = (['code', 'value', 'conditions', 'uses', 'given', 'state', 'action'] as const).map((column) => t(`discounts.columns.${column}`))
  // A kind the console does not know yet is shown as written, beside its bare amount.
  const value = ({ kind, amount }: StaffDiscount) =>
    kind === 'percent' ? t('discounts.percentValue', { amount }) : kind === 'fixed' ? money(amount) : `${amount} (${kind})`
  return (
    <SectionPage title={t('discounts.title')} intro={t('discounts.intro')}>
      <QueryView query={discounts} loading={t('discounts.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">{t('discounts.none')}</p>
          ) : (
            <DataTable caption={t('discounts.caption')} columns={columns}>
              {items.map((discount) => (
                <tr key={discount.code}>
                  <RowHeader>
                    <code>{discount.code}</code>
                  </RowHeader>
                  <Cell>{value(discount)}</Cell>
                  <Cell>
                    {discount.min_subtotal_cents !== null && <span className="block">{t('discounts.minimum', { amount: money(discount.min_subtotal_cents) })}</span>}
                    <span className="block">{discount.expires_at ? t('discounts.expires', { when: when(discount.expires_at) }) : t('discounts.noExpiry')}</span>
                  </Cell>
                  <Cell>
                    {discount.max_uses === null ? count(discount.uses) : t('discounts.usesOf', { uses: count(discount.uses), max: count(discount.max_uses) })}
                    <span className="block text-slate-600">{t('discounts.paidOrders', { count: discount.paid_orders })}</span>
                  </Cell>
                  <Cell className="whitespace-nowrap">{money(discount.discount_given_cents)}</Cell>
                  <Cell>{discount.active ? t('discounts.active') : t('discounts.inactive')}</Cell>
                  <Cell>
                    <PauseButton discount={discount} />
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      <Panel title={t('discounts.new')}>
        <NewDiscountForm />
      </Panel>
    </SectionPage>
  )
}
