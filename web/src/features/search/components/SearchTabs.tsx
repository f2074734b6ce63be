import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { SEARCH_KINDS, type SearchKind } from '../search-model'
import { SEARCH_ICONS } from '../search-icons'

interface Props {
  idPrefix: string
  active: SearchKind
  onSelect: (kind: SearchKind) => void
}

const NEXT_KEYS: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i + 1) % SEARCH_KINDS.length,
  ArrowLeft: (i) => (i - 1 + SEARCH_KINDS.length) % SEARCH_KINDS.length,
  Home: () => 0,
  End: () => SEARCH_KINDS.length - 1,
}

export const tabId = (prefix: string, kind: SearchKind) => `${prefix}-tab-${kind}`
export const panelId = (prefix: string, kind: SearchKind) => `${prefix}-panel-${kind}`

/** Flights / Hotels / Trains & Buses: the APG tabs pattern (arrow keys, Home, End; one tab stop). */
export function SearchTabs({ idPrefix, active, onSelect }: Props) {
  const { t } = useTranslation('search')
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = NEXT_KEYS[event.key]
    if (!move) return
    event.preventDefault()
    const kind = SEARCH_KINDS[move(SEARCH_KINDS.indexOf(active))] ?? active
    onSelect(kind)
    document.getElementById(tabId(idPrefix, kind))?.focus()
  }

  return (
    <div role="tablist" aria-label={t('tabsLabel')} className="search-tabs">
      {SEARCH_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          role="tab"
          id={tabId(idPrefix, kind)}
          aria-selected={kind === active}
          aria-controls={panelId(idPrefix, kind)}
          tabIndex={kind === active ? 0 : -1}
          onClick={() => onSelect(kind)}
          onKeyDown={onKeyDown}
          className="search-tab"
        >
          <Icon path={SEARCH_ICONS[kind]} size={18} className="hidden sm:block" />
          {t(`tabs.${kind}`)}
        </button>
      ))}
    </div>
  )
}
