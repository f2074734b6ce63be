import { useTranslation } from 'react-i18next'
import type { OrderStatus } from '../types'

// Colours from the theme's checked pairs (styles/contrast.test.ts): dark text on a pale tint.
const TONES: Record<OrderStatus, string> = {
  pending_payment: 'bg-sand-200 text-ocean-900',
  paid: 'bg-ocean-50 text-ocean-900',
  fulfilled: 'bg-ocean-50 text-ocean-900',
  canceled: 'bg-coral-50 text-coral-700',
  refunded: 'bg-sand-200 text-ocean-900',
  partially_refunded: 'bg-sand-200 text-ocean-900',
}

/** An order's status in words, as a quiet pill (the words carry it; the colour only helps). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('checkout')
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${TONES[status] ?? TONES.pending_payment}`}>
      <span className="sr-only">{t('order.statusLabel')}: </span>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  )
}
