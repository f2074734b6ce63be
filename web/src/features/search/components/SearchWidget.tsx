import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfig } from '../../../lib/config-context'
import { partnerUrl } from '../partner-url'
import { SEARCH_KINDS, type SearchKind, type SearchValues } from '../search-model'
import { FlightsForm } from './FlightsForm'
import type { HandOff } from './PartnerNotice'
import { panelId, SearchTabs, tabId } from './SearchTabs'

// Flights is the tab that shows first; the other forms and the hand-off notice download when
// the visitor heads for them (pointer over or focus in the tabs), or at the latest on selection.
const loadHotels = () => import('./HotelsForm').then((m) => ({ default: m.HotelsForm }))
const loadTrains = () => import('./TrainsForm').then((m) => ({ default: m.TrainsForm }))
const HotelsForm = lazy(loadHotels)
const TrainsForm = lazy(loadTrains)
const PartnerNotice = lazy(() => import('./PartnerNotice').then((m) => ({ default: m.PartnerNotice })))
const preloadForms = () => void Promise.all([loadHotels(), loadTrains()])

/**
 * The home page's travel search (docs/product.md#search-widget): a valid search opens the configured
 * partner's search page in a new tab with the query filled in, or explains that booking
 * goes through a partner that is not connected yet.
 */
export function SearchWidget() {
  const { t } = useTranslation('search')
  const { partners } = useConfig()
  const idPrefix = useId().replace(/[^\w-]/g, '')
  const [active, setActive] = useState<SearchKind>('flights')
  const [handOff, setHandOff] = useState<HandOff | null>(null)
  // A form stays mounted once opened, so switching tabs keeps what was typed.
  const [opened, setOpened] = useState<ReadonlySet<SearchKind>>(() => new Set(['flights']))

  const search = <K extends SearchKind>(kind: K) => (values: SearchValues[K]) => {
    const url = partnerUrl(partners, kind, values)
    if (url) window.open(url, '_blank', 'noopener,noreferrer')
    setHandOff({ url })
  }
  const select = (kind: SearchKind) => {
    setActive(kind)
    setOpened((previous) => new Set(previous).add(kind))
    setHandOff(null)
  }
  const forms = {
    flights: <FlightsForm idPrefix={`${idPrefix}-flights`} onSearch={search('flights')} />,
    hotels: <HotelsForm idPrefix={`${idPrefix}-hotels`} onSearch={search('hotels')} />,
    trains: <TrainsForm idPrefix={`${idPrefix}-trains`} onSearch={search('trains')} />,
  }

  return (
    <section aria-labelledby={`${idPrefix}-title`} className="mx-auto max-w-6xl px-4">
      <div className="search-card">
        <h2 id={`${idPrefix}-title`} className="text-2xl font-semibold">
          {t('title')}
        </h2>
        <div onPointerEnter={preloadForms} onFocus={preloadForms}>
          <SearchTabs idPrefix={idPrefix} active={active} onSelect={select} />
        </div>
        {SEARCH_KINDS.map((kind) => (
          <div key={kind} role="tabpanel" id={panelId(idPrefix, kind)} aria-labelledby={tabId(idPrefix, kind)} hidden={kind !== active}>
            {opened.has(kind) && <Suspense fallback={<div className="min-h-64" />}>{forms[kind]}</Suspense>}
          </div>
        ))}
        {handOff && (
          <Suspense fallback={null}>
            <PartnerNotice handOff={handOff} onDismiss={() => setHandOff(null)} />
          </Suspense>
        )}
        <p className="mt-4 text-xs text-slate-600">{t('note')}</p>
      </div>
    </section>
  )
}
