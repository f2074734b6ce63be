import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'

/** Blog list. The posts themselves arrive with the blog issue. */
export default function BlogPage() {
  const { t } = useTranslation('pages')
  useDocumentMeta({ page: 'blog' }, useLang())
  return <PageIntro title={t('blog.title')} intro={t('blog.intro')} />
}
