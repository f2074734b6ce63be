import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { citeIn } from '../rules/cite'
import type { Source } from '../rules/types'

/** A legal source: its citation, linked when it has an address (opens a new tab). */
export function SourceCite({ source }: { source: Source }) {
  const { t } = useTranslation('rightsResult')
  const cite = citeIn(source.cite, useLang())
  if (!source.url) return <cite className="rights-cite">{cite}</cite>
  return (
    <cite className="rights-cite">
      <a href={source.url} target="_blank" rel="noopener noreferrer">
        {cite}
        <span className="sr-only"> {t('sendTo.newTab')}</span>
      </a>
    </cite>
  )
}
