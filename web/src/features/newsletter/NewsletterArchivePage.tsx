import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { newsletterIssuePath } from '../../lib/site-map'
import { formatDate } from '../content/format'
import { usePageData } from '../content/use-page-data'
import { archiveRequest } from './archive-requests'

/** /newsletter: the public issues of the page's language, newest first, each linking to its page. */
export default function NewsletterArchivePage() {
  const { t } = useTranslation('newsletter')
  const lang = useLang()
  useDocumentMeta({ page: 'newsletterArchive' }, lang)
  const { items } = usePageData(archiveRequest(lang))
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-4xl font-semibold tracking-tight">{t('archive.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">{t('archive.intro')}</p>
      {items.length === 0 ? (
        <p className="mt-8 text-slate-600">{t('archive.none')}</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {items.map((issue) => (
            <li key={issue.slug} className="card">
              <h2 className="text-2xl font-semibold">
                <LocalizedLink to={newsletterIssuePath(issue.slug)} className="link-button">
                  {issue.subject}
                </LocalizedLink>
              </h2>
              {issue.preheader && <p className="mt-2 text-slate-600">{issue.preheader}</p>}
              <p className="mt-2 text-sm text-slate-600">
                <time dateTime={issue.sent_at}>{t('archive.sent', { date: formatDate(issue.sent_at.slice(0, 10), lang) })}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
