import { useTranslation } from 'react-i18next'

export interface HandOff {
  /** The partner page that was opened, or null when no partner is configured. */
  url: string | null
}

interface Props {
  handOff: HandOff
  onDismiss: () => void
}

/**
 * After a valid search: either where it went (with a link, in case the new tab was
 * blocked), or the partner alert (docs/product.md#search-widget), inline and announced, never window.alert.
 */
export function PartnerNotice({ handOff, onDismiss }: Props) {
  const { t } = useTranslation('search')
  if (handOff.url) {
    return (
      <output className="form-success mt-5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{t('partner.opened')}</span>
        <a href={handOff.url} target="_blank" rel="noopener noreferrer" className="link-button">
          {t('partner.openAgain')}
        </a>
      </output>
    )
  }
  return (
    <div role="alert" className="partner-alert">
      <div>
        <p className="font-semibold text-ocean-900">{t('partner.unavailableTitle')}</p>
        <p className="mt-1">{t('partner.unavailableText')}</p>
      </div>
      <button type="button" onClick={onDismiss} className="link-button shrink-0 self-start">
        {t('partner.dismiss')}
      </button>
    </div>
  )
}
