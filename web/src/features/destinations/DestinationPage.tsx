import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { isDestinationSlug, PAGE_PATHS, type DestinationSlug } from '../../lib/site-map'
import { CoverImage } from '../content/components/CoverImage'
import { PostGrid } from '../content/components/PostGrid'
import { usePageData } from '../content/use-page-data'
import NotFoundPage from '../not-found/NotFoundPage'
import { destinationRequest } from './destination-requests'

function Destination({ slug }: { slug: DestinationSlug }) {
  const { t } = useTranslation('destinations')
  const lang = useLang()
  useDocumentMeta({ destination: slug }, lang)
  const destination = usePageData(destinationRequest(lang, slug))
  if (!destination) return <NotFoundPage />
  return (
    <>
      <header className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 sm:pt-14 md:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="eyebrow">{t(`kinds.${destination.kind}`)}</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">{destination.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">{destination.description}</p>
        </div>
        <CoverImage image={destination.image} priority className="rounded-3xl shadow-soft" />
      </header>
      {/* Sanitized by the server (content/markdown.rs) before it is stored. */}
      <div className="prose mx-auto mt-12 max-w-3xl px-4" dangerouslySetInnerHTML={{ __html: destination.body_html }} />
      <section aria-labelledby="destination-posts" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="destination-posts" className="text-3xl font-semibold">
          {t('detail.posts', { title: destination.title })}
        </h2>
        {destination.posts.length > 0 ? (
          <div className="mt-8">
            <PostGrid posts={destination.posts} headingLevel={3} />
          </div>
        ) : (
          <p className="mt-4 text-slate-600">
            {t('detail.noPosts')}{' '}
            <LocalizedLink to={PAGE_PATHS.blog} className="link">
              {t('detail.browseBlog')}
            </LocalizedLink>
          </p>
        )}
      </section>
    </>
  )
}

/** One destination collection (region, type or theme); an unknown slug is the not-found page. */
export default function DestinationPage() {
  const { slug } = useParams()
  return isDestinationSlug(slug) ? <Destination key={slug} slug={slug} /> : <NotFoundPage />
}
