import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { PAGE_PATHS } from '../../lib/site-map'
import lostMap from './assets/lost-map.svg'

/** Any unknown path or destination (docs/product.md#routes). The server answers these with HTTP 404. */
export default function NotFoundPage() {
  const { t } = useTranslation('pages')
  useDocumentMeta({ page: 'notFound' }, useLang())
  return (
    <section className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-2">
      <div>
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{t('notFound.title')}</h1>
        <p className="mt-4 font-display text-xl text-ocean-800">{t('notFound.subtitle')}</p>
        <p className="mt-4 leading-relaxed text-slate-600">{t('notFound.description')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LocalizedLink to={PAGE_PATHS.home} className={buttonStyles.primary}>
            {t('notFound.returnHome')}
          </LocalizedLink>
          <LocalizedLink to={PAGE_PATHS.blog} className={buttonStyles.secondary}>
            {t('notFound.exploreBlog')}
          </LocalizedLink>
        </div>
      </div>
      <figure className="mx-auto max-w-md">
        <img src={lostMap} width={420} height={300} alt={t('notFound.imageAlt')} className="h-auto w-full" />
        <figcaption className="mt-3 text-center text-sm text-slate-600 italic">{t('notFound.caption')}</figcaption>
      </figure>
    </section>
  )
}
