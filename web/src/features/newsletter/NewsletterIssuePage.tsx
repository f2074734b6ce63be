import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { useLang } from '../../i18n/use-lang'
import type { NewsletterArchiveIssue } from '../../lib/api/types'
import { useDocumentMeta } from '../../lib/document-meta'
import { isIssueSlug, newsletterIssuePath, PAGE_PATHS } from '../../lib/site-map'
import { formatDate } from '../content/format'
import { usePageData } from '../content/use-page-data'
import NotFoundPage from '../not-found/NotFoundPage'
import { archiveIssueRequest } from './archive-requests'

function IssueArticle({ issue }: { issue: NewsletterArchiveIssue }) {
  const { t } = useTranslation('newsletter')
  const lang = useLang()
  useDocumentMeta({ title: t('archive.documentTitle', { subject: issue.subject }), description: issue.preheader || issue.subject }, lang)
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <LocalizedLink to={PAGE_PATHS.newsletterArchive} className="back-link">
        <span aria-hidden="true">←</span> {t('archive.back')}
      </LocalizedLink>
      <header className="mt-6">
        <h1 className="text-4xl leading-tight font-semibold tracking-tight">{issue.subject}</h1>
        <p className="mt-3 text-sm text-slate-600">
          <time dateTime={issue.sent_at}>{t('archive.sent', { date: formatDate(issue.sent_at.slice(0, 10), lang) })}</time>
        </p>
      </header>
      {/* Sanitized by the server before it is sent, like a post's body. */}
      <div className="prose mt-10" dangerouslySetInnerHTML={{ __html: issue.html }} />
    </article>
  )
}

function Issue({ slug }: { slug: string }) {
  const issue = usePageData(archiveIssueRequest(useLang(), slug))
  return issue ? <IssueArticle issue={issue} /> : <NotFoundPage />
}

/** /newsletter/{slug}: one public issue; an unknown slug is not found. */
export default function NewsletterIssuePage() {
  const { slug } = useParams()
  return isIssueSlug(slug) ? <Issue key={newsletterIssuePath(slug)} slug={slug} /> : <NotFoundPage />
}
