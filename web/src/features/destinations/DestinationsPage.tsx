import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'

/** Destinations overview. The filter tabs and cards arrive with the destinations issue. */
export default function DestinationsPage() {
  const { t } = useTranslation('destinations')
  useDocumentMeta({ page: 'destinations' }, useLang())
  return <PageIntro title={t('index.title')} intro={t('index.intro')} />
}
