/** The stock form's problems: a change must be a non-zero whole number, and a reason is required. */
export type StockIssue = 'change' | 'required'

export function checkStockChange(change: string, reason: string): { change?: StockIssue; reason?: StockIssue } {
  const issues: { change?: StockIssue; reason?: StockIssue } = {}
  // A signed whole number other than 0 ("+5", "-3", "12").
  if (!/^[+-]?\d{1,6}$/.test(change.trim()) || Number(change) === 0) issues.change = 'change'
  if (!reason.trim()) issues.reason = 'required'
  return issues
}
