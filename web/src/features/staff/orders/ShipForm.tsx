import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useShipOrder } from '../business/mutations'
import type { ShipRequest } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { serverFormIssues, type FormIssue } from '../errors'

const FIELDS = ['carrier', 'tracking_number'] as const

/** Mark shipped (POST /staff/orders/{id}/ship): the carrier and its tracking number, both required; the customer is e-mailed. */
export function ShipForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('staff')
  const [body, setBody] = useState<ShipRequest>({ carrier: '', tracking_number: '' })
  const [issues, setIssues] = useState<Partial<Record<(typeof FIELDS)[number], FormIssue>>>({})
  const ship = useShipOrder(orderId)
  const shown = { ...serverFormIssues(ship.error, FIELDS), ...issues }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = { carrier: body.carrier.trim(), tracking_number: body.tracking_number.trim() }
    const missing = Object.fromEntries(FIELDS.filter((field) => !trimmed[field]).map((field) => [field, 'required' as const]))
    setIssues(missing)
    if (Object.keys(missing).length === 0) ship.mutate(trimmed)
  }
  const field = (name: (typeof FIELDS)[number], label: string) => (
    <TextField
      label={label}
      required
      value={body[name]}
      onChange={(e) => setBody({ ...body, [name]: e.target.value })}
      state={shown[name] ? { invalid: true, error: t(`form.issues.${shown[name]}`) } : undefined}
    />
  )
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
