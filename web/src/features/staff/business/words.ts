import type { TFunction } from 'i18next'
import { isOneOf } from '../types'
import { ISSUE_STATUSES, ORDER_KINDS, ORDER_STATUSES, REFUND_STATUSES } from './types'

/**
 * The owners' API's plain-string values in the reader's words (staff:orderStatus.*…), like
 * ../words.ts for the consultations: a value the console has no words for yet is shown as the
 * server wrote it rather than as a missing key.
 */

export function orderStatusText(t: TFunction<'staff'>, status: string): string {
  return isOneOf(ORDER_STATUSES, status) ? t(`orderStatus.${status}`) : status
}

export function refundStatusText(t: TFunction<'staff'>, status: string): string {
  return isOneOf(REFUND_STATUSES, status) ? t(`refundStatus.${status}`) : status
}

export function issueStatusText(t: TFunction<'staff'>, status: string): string {
  return isOneOf(ISSUE_STATUSES, status) ? t(`issueStatus.${status}`) : status
}

export function lineKindText(t: TFunction<'staff'>, kind: string): string {
  return isOneOf(ORDER_KINDS, kind) ? t(`orderKind.${kind}`) : kind
}
