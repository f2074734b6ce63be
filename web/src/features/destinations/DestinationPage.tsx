import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { isDestinationSlug, type DestinationSlug } from '../../lib/site-map'
import NotFoundPage from '../not-found/NotFoundPage'

function Destination({ slug }: { slug: DestinationSlug }) {
  const { t } = useTranslation('destinations')
  useDocumentMeta({ destination: slug }, useLang())
  return <PageIntro title={t(`items.${slug}.title`)} intro={t(`items.${slug}.intro`)} />
}

/** One destination collection (region, type or theme); an unknown slug is the not-found page. */
export default function DestinationPage() {
  const { slug } = useParams()
  return isDestinationSlug(slug) ? <Destination slug={slug} /> : <NotFoundPage />
}
