import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { formatPrice, isReduced } from '../format'

interface Props {
  cents: number
  compareAtCents?: number | null | undefined
  currency?: string | undefined
  className?: string
}

/**
 * A price in the page's language; a reduced one in coral with the "compare at" price struck
 * through. Strike-through is not read aloud, so both prices carry a hidden label.
 */
export function Price({ cents, compareAtCents, currency = 'USD', className = '' }: Props) {
  const { t } = useTranslation('store')
  const lang = useLang()
  if (!isReduced(cents, compareAtCents)) {
    return <p className={`price ${className}`}>{formatPrice(cents, lang, currency)}</p>
  }
  return (
    <p className={`price ${className}`}>
      <span className="sr-only">{t('card.salePrice')} </span>
      <span className="text-coral-700">{formatPrice(cents, lang, currency)}</span>{' '}
      <s className="price-was">
        <span className="sr-only">{t('card.regularPrice')} </span>
        {formatPrice(compareAtCents, lang, currency)}
      </s>
    </p>
  )
}
