import type { RefundRequest, StaffOrderDetail, StaffOrderLine } from '../business/types'

/** What is refunded: everything left, some units of some lines, or an amount. */
export type RefundMode = 'all' | 'lines' | 'amount'

export interface RefundFormState {
  mode: RefundMode
  /** Units per line position, as typed. */
  quantities: Record<number, string>
  /** In the currency's units, as typed ("12.50" or "12,50"). */
  amount: string
  reason: string
  restock: boolean
}

export type RefundField = 'reason' | 'amount' | 'lines' | `line.${number}`
export type RefundIssue = 'required' | 'quantity' | 'noLines' | 'amount' | 'tooMuch'

export function emptyRefund(): RefundFormState {
  return { mode: 'all', quantities: {}, amount: '', reason: '', restock: false }
}

/** The units of a line not yet refunded. */
export const refundableUnits = (line: StaffOrderLine) => line.quantity - line.refunded_quantity

/** "12.50", "12,5" or "12" as cents; null for anything else. */
export function parseAmountCents(value: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/**
 * The request for the form, or what is wrong with it. The server checks the same (and refuses with
 * `refund_too_large` a refund that races another); checking first only saves a round trip.
 */
export function buildRefund(
  state: RefundFormState,
  order: Pick<StaffOrderDetail, 'lines' | 'refundable_cents'>,
): { body: RefundRequest; issues?: undefined } | { body?: undefined; issues: Partial<Record<RefundField, RefundIssue>> } {
  const issues: Partial<Record<RefundField, RefundIssue>> = {}
  const reason = state.reason.trim()
  if (!reason) issues.reason = 'required'
  const body: RefundRequest = { reason, restock: state.restock }

  if (state.mode === 'lines') {
    const lines: { position: number; quantity: number }[] = []
    for (const line of order.lines) {
      const typed = (state.quantities[line.position] ?? '').trim()
      if (typed === '' || typed === '0') continue
      const quantity = Number(typed)
      const field: RefundField = `line.${line.position}`
      if (!/^\d+$/.test(typed) || quantity > refundableUnits(line)) issues[field] = 'quantity'
      else lines.push({ position: line.position, quantity })
    }
    if (lines.length === 0 && !Object.keys(issues).some((field) => field.startsWith('line.'))) issues.lines = 'noLines'
    body.lines = lines
  } else if (state.mode === 'amount') {
    const cents = parseAmountCents(state.amount)
    if (cents === null || cents === 0) issues.amount = state.amount.trim() ? 'amount' : 'required'
    else if (cents > order.refundable_cents) issues.amount = 'tooMuch'
    else body.amount_cents = cents
  }
  return Object.keys(issues).length > 0 ? { issues } : { body }
}
