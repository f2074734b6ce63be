import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { categoryFromSearch } from './category-filter'
import { CategoryFilterLinks } from './components/CategoryFilterLinks'
import { ConsultationCta } from './components/ConsultationCta'
import { OpinionResults } from './components/OpinionResults'

/** /help/opinions: the published opinions, newest first, filtered by category through the address. */
export default function OpinionsPage() {
  const { t } = useTranslation('opinions')
  useDocumentMeta({ page: 'helpOpinions' }, useLang())
  const filter = categoryFromSearch(useLocation().search)
  return (
    <>
      <PageIntro title={t('list.title')} intro={t('list.intro')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <CategoryFilterLinks current={filter} />
        <OpinionResults filter={filter} />
        <ConsultationCta />
      </div>
    </>
  )
}
