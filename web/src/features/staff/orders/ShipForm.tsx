import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useShipOrder } from '../business/mutations'
import type { ShipRequest } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { serverFormIssues, type FormIssue } from '../errors'

const FIELDS = ['carrier', 'tracking_number'] as const
type ShipField = (typeof FIELDS)[number]

/** Mark shipped (POST /staff/orders/{id}/ship): the carrier and its tracking number, both required; the customer is e-mailed. */
export function ShipForm({ orderId }: { orderId: string }) {
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
    if (Object.keys(missing).length === 0) ship.mutate(trimmed)
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
      <ActionStatus done={ship.isSuccess ? t('ship.done') : null} error={ship.error} />
    </form>
  )
}
