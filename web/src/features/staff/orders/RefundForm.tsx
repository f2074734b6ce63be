import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/Field'
import { useRefundOrder } from '../business/mutations'
import type { StaffOrderDetail } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'
import { TextArea } from '../components/TextArea'
import { serverFormIssues } from '../errors'
import { buildRefund, emptyRefund, refundableUnits, type RefundField, type RefundIssue, type RefundMode } from './refund-form'
import { useSubmissionKey } from './use-submission-key'

const MODES: RefundMode[] = ['all', 'lines', 'amount']

/**
 * A refund (POST /staff/orders/{id}/refunds): everything left, some units per line, or an amount,
 * always with a reason; units can go back to stock. Asked once more before it is sent: money leaves.
 */
export function RefundForm({ order }: { order: StaffOrderDetail }) {
  const { t } = useTranslation('staff')
  const { money } = useBusinessFormat()
  const [state, setState] = useState(emptyRefund)
  const [issues, setIssues] = useState<Partial<Record<RefundField, RefundIssue>>>({})
  const refund = useRefundOrder(order.id)
  const submission = useSubmissionKey()
  const modeName = useId()
  const server = serverFormIssues(refund.error, ['reason'] as const)
  const issueText = (field: RefundField) => {
    const issue = issues[field]
    return issue ? t(`refund.issues.${issue}`) : undefined
  }
  const fieldState = (field: RefundField) => ({ invalid: Boolean(issues[field]), error: issueText(field) })

  const check = () => {
    const built = buildRefund(state, order)
    setIssues(built.issues ?? {})
    return built.body !== undefined
  }
  const send = () => {
    const built = buildRefund(state, order)
    if (!built.body) return
    const body = built.body
    refund.mutate(
      { body, key: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.done()
          setState(emptyRefund())
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-4">
      <p className="text-sm text-slate-600">{t('refund.refundable', { amount: money(order.refundable_cents, order.currency) })}</p>
      <fieldset className="space-y-2">
        <legend className="field-label">{t('refund.what')}</legend>
        {MODES.map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={modeName} className="size-5 accent-ocean-700" checked={state.mode === mode} onChange={() => setState({ ...state, mode })} />
            {t(`refund.modes.${mode}`)}
          </label>
        ))}
      </fieldset>
      {state.mode === 'lines' && (
        <fieldset className="space-y-3">
          <legend className="field-label">{t('refund.units')}</legend>
          {order.lines.map((line) => (
            <TextField
              key={line.position}
              label={t('refund.lineUnits', { name: `${line.name} (${line.variant_name})`, count: refundableUnits(line) })}
              inputMode="numeric"
              disabled={refundableUnits(line) === 0}
              value={state.quantities[line.position] ?? ''}
              onChange={(e) => setState({ ...state, quantities: { ...state.quantities, [line.position]: e.target.value } })}
              state={fieldState(`line.${line.position}`)}
            />
          ))}
          {issues.lines && <p className="field-error">{issueText('lines')}</p>}
        </fieldset>
      )}
      {state.mode === 'amount' && (
        <TextField
          label={t('refund.amount', { currency: order.currency.toUpperCase() })}
          inputMode="decimal"
          value={state.amount}
          onChange={(e) => setState({ ...state, amount: e.target.value })}
          state={fieldState('amount')}
        />
      )}
      <TextArea
        label={t('refund.reason')}
        className="min-h-20"
        required
        value={state.reason}
        onChange={(e) => setState({ ...state, reason: e.target.value })}
        state={issues.reason || server.reason ? { invalid: true, error: issueText('reason') ?? t(`form.issues.${server.reason ?? 'invalid'}`) } : undefined}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5 accent-ocean-700" checked={state.restock} onChange={(e) => setState({ ...state, restock: e.target.checked })} />
        {t('refund.restock')}
      </label>
      <ConfirmAction
        label={t('refund.submit')}
        question={t('refund.question', { number: order.number })}
        confirm={t('refund.confirm')}
        busy={refund.isPending}
        busyLabel={t('refund.working')}
        onStart={check}
        onConfirm={send}
      />
      <ActionStatus done={refund.isSuccess ? t('refund.done') : null} error={refund.error} />
    </form>
  )
}
