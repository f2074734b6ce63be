import { useTranslation } from 'react-i18next'
import { INTL_LOCALE } from '../../../i18n/languages'
import { Panel } from '../booking/Panel'
import type { OrderAddress, StaffOrderDetail } from '../business/types'
import { Facts } from '../components/Facts'
import { useStaff } from '../context'
import { countryName } from '../format'

/** Where a physical order goes, and how: the address (empty parts left out), method, carrier and tracking number. */
export function OrderShipping({ order, address }: { order: StaffOrderDetail; address: OrderAddress }) {
  const { t } = useTranslation('staff')
  const { lang } = useStaff()
  const lines = [address.name, address.line1, address.line2, `${address.postal_code} ${address.city}`, address.region, countryName(address.country, INTL_LOCALE[lang]), address.phone]
  return (
    <Panel title={t('order.address')}>
      <address className="not-italic">
        {lines
          .filter((part) => part.trim() !== '')
          .map((part) => (
            <span key={part} className="block">
              {part}
            </span>
          ))}
      </address>
      <Facts
        items={[
          [t('order.method'), order.shipping_method ?? '—'],
          [t('order.carrier'), order.carrier ?? '—'],
          [t('order.tracking'), order.tracking_number ?? '—'],
        ]}
      />
    </Panel>
  )
}
