import { useTranslation } from 'react-i18next'
import { stockNote } from '../format'
import type { StockState } from '../types'

/** "Only 3 left" or "Sold out"; nothing when there is plenty (or `inStock` to say so). */
export function StockLabel({ stock, inStock }: { stock: StockState; inStock?: string }) {
  const { t } = useTranslation('store')
  const note = stockNote(stock)
  if (note?.kind === 'soldOut') return <span className="stock-out">{t('card.soldOut')}</span>
  if (note?.kind === 'low') return <span className="stock-low">{t('card.lowStock', { count: note.left })}</span>
  return inStock ? <span className="stock-in">{inStock}</span> : null
}
