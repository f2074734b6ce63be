import type { NewDiscount } from '../business/types'
import { parseAmountCents } from '../orders/refund-form'
import { wallClockToInstant } from '../time'

export interface DiscountFormState {
  code: string
  kind: NewDiscount['kind']
  /** A percentage (1–100), or an amount in the currency's units ("5.00"). */
  amount: string
  minSubtotal: string
  /** A `datetime-local` value in the reader's zone. */
  expiresAt: string
  maxUses: string
}

export type DiscountField = 'code' | 'amount' | 'minSubtotal' | 'expiresAt' | 'maxUses'
export type DiscountIssue = 'required' | 'code' | 'percent' | 'money' | 'dateTime' | 'uses'

export const EMPTY_DISCOUNT: DiscountFormState = { code: '', kind: 'percent', amount: '', minSubtotal: '', expiresAt: '', maxUses: '' }

/** The server's member names, for its per-field refusals. */
export const SERVER_DISCOUNT_FIELDS: Record<string, DiscountField> = {
  code: 'code',
  amount: 'amount',
  min_subtotal_cents: 'minSubtotal',
  expires_at: 'expiresAt',
  max_uses: 'maxUses',
}

/** The request for the form (codes in capitals; empty optional fields sent as null), or what is wrong with it. */
export function buildDiscount(state: DiscountFormState, zone: string): { body: NewDiscount } | { issues: Partial<Record<DiscountField, DiscountIssue>> } {
  const issues: Partial<Record<DiscountField, DiscountIssue>> = {}
  const code = state.code.trim().toUpperCase()
  if (!code) issues.code = 'required'
  else if (!/^[A-Z0-9_-]{3,32}$/.test(code)) issues.code = 'code'

  let amount: number | null = null
  if (state.kind === 'percent') {
    amount = /^\d{1,3}$/.test(state.amount.trim()) ? Number(state.amount) : null
    if (amount === null || amount < 1 || amount > 100) issues.amount = state.amount.trim() ? 'percent' : 'required'
  } else {
    amount = parseAmountCents(state.amount)
    if (!amount) issues.amount = state.amount.trim() ? 'money' : 'required'
  }

  const minSubtotal = state.minSubtotal.trim() ? parseAmountCents(state.minSubtotal) : null
  if (state.minSubtotal.trim() && minSubtotal === null) issues.minSubtotal = 'money'
  const expiresAt = state.expiresAt ? wallClockToInstant(state.expiresAt, zone) : null
  if (state.expiresAt && expiresAt === null) issues.expiresAt = 'dateTime'
  const maxUses = state.maxUses.trim() ? Number(state.maxUses) : null
  if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses > 0)) issues.maxUses = 'uses'

  if (Object.keys(issues).length > 0 || amount === null) return { issues }
  return { body: { code, kind: state.kind, amount, min_subtotal_cents: minSubtotal, expires_at: expiresAt, max_uses: maxUses } }
}
