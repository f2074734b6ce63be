import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { LANGUAGE_NAMES } from '../../../i18n/languages'
import { useLang } from '../../../i18n/use-lang'
import { useDocumentMeta } from '../../../lib/document-meta'
import { PAGE_PATHS } from '../../../lib/site-map'
import { useInternalLinks } from '../../blog/use-internal-links'
import type { OpinionPage } from '../types'
import { ConsultationCta } from './ConsultationCta'
import { OpinionFacts } from './OpinionFacts'
import { OtherLanguages } from './OtherLanguages'

/** One published opinion: title, facts, the server's HTML, its other languages and the way to book. */
export function OpinionArticle({ opinion }: { opinion: OpinionPage }) {
  const { t } = useTranslation('opinions')
  const lang = useLang()
  useDocumentMeta({ title: t('opinion.documentTitle', { title: opinion.title }), description: opinion.excerpt }, lang)
  const body = useRef<HTMLDivElement>(null)
  useInternalLinks(body)
  // No text in the page's language: the traveller's own is shown, marked as such.
  const textLang = opinion.lang === lang ? undefined : opinion.lang

  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <LocalizedLink to={PAGE_PATHS.helpOpinions} className="back-link">
        <span aria-hidden="true">←</span> {t('opinion.back')}
      </LocalizedLink>
      <header className="mt-6">
        <p className="eyebrow">{t(`categories.${opinion.category}`)}</p>
        <h1 lang={textLang} className="mt-3 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
          {opinion.title}
        </h1>
        {textLang && (
          <p className="mt-4 rounded-2xl bg-sand-100 p-4 text-ocean-900">{t('opinion.onlyIn', { language: LANGUAGE_NAMES[textLang] })}</p>
        )}
        <OpinionFacts opinion={opinion} />
      </header>
      {/* Sanitized by the server (markdown rendered and cleaned) before it is sent. */}
      <div ref={body} lang={textLang} className="prose mt-10" dangerouslySetInnerHTML={{ __html: opinion.html }} />
      <OtherLanguages slug={opinion.slug} languages={opinion.languages} current={lang} />
      <ConsultationCta />
    </article>
  )
}
