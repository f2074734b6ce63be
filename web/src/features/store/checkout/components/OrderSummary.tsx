import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../../i18n/languages'
import { formatMoney } from '../format'
import type { CartLine, OrderLine, Totals } from '../../types'

export type TotalsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: Totals; updating: boolean }

interface Props {
  headingId: string
  heading: string
  /** h2 on its own (the checkout's aside), h3 inside a section that has its own h2 (the order page). */
  level?: 2 | 3
  lines: ReadonlyArray<CartLine | OrderLine>
  totals: TotalsState
  discountCode?: string | null | undefined
  /** The shipping row: a price, 'choose a method' (physical goods, no method yet), or none (downloads only). */
  shipping: 'shown' | 'pending' | 'hidden'
  currency: string
  lang: Lang
  /** Between the lines and the totals (the discount code). */
  children?: ReactNode
}

/**
 * The lines and the totals as the server computed them (POST quote, or the order's own):
 * the page only formats money, it never adds it up. Prices include taxes.
 */
export function OrderSummary({ headingId, heading, level = 2, lines, totals, discountCode, shipping, currency, lang, children }: Props) {
  const { t } = useTranslation('checkout')
  const money = (cents: number) => formatMoney(cents, currency, lang)
  const Heading = level === 3 ? 'h3' : 'h2'

  return (
    <div className="space-y-5">
      <Heading id={headingId} className="text-xl font-semibold text-ocean-900">
        {heading}
      </Heading>
      <ul className="divide-y divide-sand-200">
        {lines.map((line) => (
          <li key={line.sku} className="flex gap-3 py-3">
            {'image' in line && (
              <img
                src={line.image.src}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-14 shrink-0 rounded-xl bg-sand-100 object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ocean-900">{line.name}</p>
              <p className="text-sm text-slate-600">
                {[line.variant_name, t(line.kind === 'digital' ? 'summary.digital' : 'summary.physical')].filter(Boolean).join(' · ')}
              </p>
              <p className="text-sm text-slate-600">{t('summary.quantity', { count: line.quantity })}</p>
            </div>
            <p className="font-semibold text-ocean-900 tabular-nums">{money(line.line_total_cents)}</p>
          </li>
        ))}
      </ul>
      {children}
      <div aria-busy={totals.status === 'loading' || (totals.status === 'ready' && totals.updating) || undefined}>
        {totals.status === 'loading' && (
          <output className="block">
            <span className="sr-only">{t('summary.updating')}</span>
            <span aria-hidden="true" className="block h-32 rounded-2xl bg-sand-100 motion-safe:animate-pulse" />
          </output>
        )}
        {totals.status === 'error' && <p className="form-error">{t('summary.quoteError')}</p>}
        {totals.status === 'ready' && (
          <dl className="space-y-2 border-t border-sand-200 pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t('summary.subtotal')}</dt>
              <dd className="tabular-nums">{money(totals.value.subtotal_cents)}</dd>
            </div>
            {totals.value.discount_cents > 0 && (
              <div className="flex justify-between gap-4">
                <dt>{discountCode ? t('summary.discount', { code: discountCode }) : t('summary.discountPlain')}</dt>
                <dd className="tabular-nums">−{money(totals.value.discount_cents)}</dd>
              </div>
            )}
            {shipping !== 'hidden' && (
              <div className="flex justify-between gap-4">
                <dt>{t('summary.shipping')}</dt>
                <dd className="tabular-nums">
                  {shipping === 'pending'
                    ? t('summary.shippingLater')
                    : totals.value.shipping_cents === 0
                      ? t('summary.free')
                      : money(totals.value.shipping_cents)}
                </dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t border-sand-200 pt-3 text-base font-semibold text-ocean-900">
              <dt>{t('summary.total')}</dt>
              <dd className="tabular-nums">{money(totals.value.total_cents)}</dd>
            </div>
          </dl>
        )}
        <p className="mt-3 text-sm text-slate-600">{t('summary.taxes')}</p>
      </div>
    </div>
  )
}
