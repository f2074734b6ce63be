import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useShipOrder } from '../business/mutations'
import { Panel } from '../booking/Panel'
import type { ShipRequest, StaffOrderDetail } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { serverFormIssues, type FormIssue } from '../errors'

const FIELDS = ['carrier', 'tracking_number'] as const
type ShipField = (typeof FIELDS)[number]

/** Paid, something to ship, not shipped yet. */
export const canShip = (order: StaffOrderDetail) =>
  order.kind !== 'digital' && order.tracking_number === null && (order.status === 'paid' || order.status === 'partially_refunded')

/**
 * The ship panel: the form while the order can ship. Once this admin ships it, the form goes
 * and its confirmation takes its place, focused, so keyboard and screen-reader users are told
 * where they were instead of losing their place with the form.
 */
export function ShipPanel({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const [shipped, setShipped] = useState(false)
  const done = useRef<HTMLOutputElement>(null)
  useEffect(() => {
    if (shipped) done.current?.focus()
  }, [shipped])
  if (shipped) {
    return (
      <Panel title={t('ship.title')}>
        <output ref={done} tabIndex={-1} className="block">
          {t('ship.done')}
        </output>
      </Panel>
    )
  }
  if (!canShip(order)) return null
  return (
    <Panel title={t('ship.title')} intro={t('ship.intro')}>
      <ShipForm orderId={order.id} onShipped={() => setShipped(true)} />
    </Panel>
  )
}

/** Mark shipped (POST /staff/orders/{id}/ship): the carrier and its tracking number, both required; the customer is e-mailed. */
function ShipForm({ orderId, onShipped }: { orderId: string; onShipped: () => void }) {
  const { t } = useTranslation('staff')
  const [body, setBody] = useState<ShipRequest>({ carrier: '', tracking_number: '' })
  const [issues, setIssues] = useState<Partial<Record<ShipField, FormIssue>>>({})
  const ship = useShipOrder(orderId)
  const shown = { ...serverFormIssues(ship.error, FIELDS), ...issues }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = { carrier: body.carrier.trim(), tracking_number: body.tracking_number.trim() }
    const missing: Partial<Record<ShipField, FormIssue>> = {}
    for (const field of FIELDS) if (!trimmed[field]) missing[field] = 'required'
    setIssues(missing)
    if (Object.keys(missing).length === 0) ship.mutate(trimmed, { onSuccess: onShipped })
  }
  const field = (name: ShipField, label: string) => {
    const issue = shown[name]
    return (
      <TextField
        label={label}
        required
        value={body[name]}
        onChange={(e) => setBody({ ...body, [name]: e.target.value })}
        state={issue ? { invalid: true, error: t(`form.issues.${issue}`) } : undefined}
      />
    )
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('carrier', t('ship.carrier'))}
        {field('tracking_number', t('ship.tracking'))}
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={ship.isPending}>
        {ship.isPending ? t('common.saving') : t('ship.submit')}
      </button>
      <ActionStatus done={null} error={ship.error} />
    </form>
  )
}
