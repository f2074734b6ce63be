import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useAdjustStock } from '../business/mutations'
import type { StockItem } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { serverFormIssues, type FormIssue } from '../errors'
import { checkStockChange, type StockIssue } from './stock-change'

/**
 * One variant's adjustment (POST /staff/stock/{sku}): a signed change and its reason, kept in the
 * audit log. The server refuses a change below zero (`stock_below_zero`), racing no checkout.
 */
export function AdjustStock({ item }: { item: StockItem }) {
  const { t } = useTranslation('staff')
  const [change, setChange] = useState('')
  const [reason, setReason] = useState('')
  const [issues, setIssues] = useState<{ change?: StockIssue; reason?: StockIssue }>({})
  const adjust = useAdjustStock()
  const name = `${item.product_name} (${item.variant_name})`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkStockChange(change, reason)
    setIssues(found)
    if (Object.keys(found).length > 0) return
    adjust.mutate(
      { sku: item.sku, body: { change: Number(change), reason: reason.trim() } },
      {
        onSuccess: () => {
          setChange('')
          setReason('')
        },
      },
    )
  }
  // The form's own checks first; then what the server said of a field (400 validation_failed).
  const server = serverFormIssues(adjust.error, ['change', 'reason'] as const)
  const issueState = (issue: StockIssue | undefined, serverIssue: FormIssue | undefined) => {
    if (issue) return { invalid: true, error: t(`stock.issues.${issue}`) }
    return serverIssue ? { invalid: true, error: t(`form.issues.${serverIssue}`) } : undefined
  }
  return (
    <form noValidate onSubmit={submit} aria-label={t('stock.adjustLabel', { name })} className="grid items-start gap-3 sm:grid-cols-[8rem_1fr_auto]">
      <TextField label={t('stock.change')} hint={t('stock.changeHint')} inputMode="numeric" value={change} onChange={(e) => setChange(e.target.value)} state={issueState(issues.change, server.change)} />
      <TextField label={t('stock.reason')} value={reason} required onChange={(e) => setReason(e.target.value)} state={issueState(issues.reason, server.reason)} />
      <div className="space-y-2 sm:pt-7">
        <button type="submit" className={buttonStyles.secondary} disabled={adjust.isPending} aria-label={t('stock.submitLabel', { name })}>
          {adjust.isPending ? t('common.saving') : t('stock.submit')}
        </button>
      </div>
      <div className="sm:col-span-3">
        <ActionStatus done={adjust.isSuccess ? t('stock.done', { name, stock: adjust.data.stock }) : null} error={adjust.error} />
      </div>
    </form>
  )
}
