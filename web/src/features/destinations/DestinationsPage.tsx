import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { DestinationResults } from './components/DestinationResults'
import { TripFilterTabs } from './components/TripFilterTabs'
import { filterFromSearch } from './trip-filter'

/** Every destination, filtered by type of trip through the address (`?type=…`). */
export default function DestinationsPage() {
  const { t } = useTranslation('destinations')
  useDocumentMeta({ page: 'destinations' }, useLang())
  const filter = filterFromSearch(useLocation().search)
  return (
    <>
      <PageIntro title={t('index.title')} intro={t('index.intro')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <TripFilterTabs current={filter} />
        <DestinationResults filter={filter} />
      </div>
    </>
  )
}
