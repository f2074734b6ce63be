import { useParams } from 'react-router'
import { useLang } from '../../i18n/use-lang'
import { isOpinionSlug, opinionPath } from '../../lib/site-map'
import { usePageData } from '../content/use-page-data'
import NotFoundPage from '../not-found/NotFoundPage'
import { OpinionArticle } from './components/OpinionArticle'
import { opinionRequest } from './opinion-requests'

function Opinion({ slug }: { slug: string }) {
  const opinion = usePageData(opinionRequest(useLang(), slug))
  return opinion ? <OpinionArticle opinion={opinion} /> : <NotFoundPage />
}

/** /help/opinions/{slug}: the opinion from the page's data block or the API; an unknown slug is not found. */
export default function OpinionPage() {
  const { slug } = useParams()
  return isOpinionSlug(slug) ? <Opinion key={opinionPath(slug)} slug={slug} /> : <NotFoundPage />
}
