import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { issueStatusText, lineKindText, orderStatusText, refundStatusText } from './words'

// The key itself stands for its translation: what matters is which values get one.
const t = ((key: string) => `«${key}»`) as unknown as TFunction<'staff'>

describe('the owners’ plain-string values in words', () => {
  it('translates the values the console knows', () => {
    expect(orderStatusText(t, 'partially_refunded')).toBe('«orderStatus.partially_refunded»')
    expect(refundStatusText(t, 'succeeded')).toBe('«refundStatus.succeeded»')
    expect(issueStatusText(t, 'sending')).toBe('«issueStatus.sending»')
    expect(lineKindText(t, 'physical')).toBe('«orderKind.physical»')
  })

  it('shows a value it does not know as the server wrote it', () => {
    expect(orderStatusText(t, 'disputed')).toBe('disputed')
    expect(refundStatusText(t, 'reversed')).toBe('reversed')
    expect(issueStatusText(t, 'archived')).toBe('archived')
    expect(lineKindText(t, 'service')).toBe('service')
  })
})
