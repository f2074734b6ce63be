import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdSlotKind } from '../../lib/config'
import { requestAd } from './adsense'

/** Where a kind can show: its box is hidden by CSS elsewhere, and a hidden box asks for no ad. */
const MEDIA: Record<AdSlotKind, string> = {
  top: 'all',
  'mid-content': 'all',
  bottom: 'all',
  sidebar: '(min-width: 1024px)',
  mobile: '(max-width: 767.98px)',
}

/** The ad inside a slot's box, labelled as one; rendered only after consent. */
export default function AdUnit({ kind, client, slot }: { kind: AdSlotKind; client: string; slot: string }) {
  const { t } = useTranslation()
  const unit = useRef<HTMLModElement>(null)
  useEffect(() => {
    if (unit.current && window.matchMedia(MEDIA[kind]).matches) requestAd(unit.current, client)
  }, [kind, client])
  return (
    <>
      <p className="ad-caption">{t('ads.label')}</p>
      <ins ref={unit} className="adsbygoogle ad-unit" data-ad-client={client} data-ad-slot={slot} />
    </>
  )
}
