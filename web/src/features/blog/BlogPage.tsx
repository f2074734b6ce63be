import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { InfinitePostList } from '../content/components/InfinitePostList'
import { usePageData } from '../content/use-page-data'
import { BLOG_PAGE_SIZE, firstPostsRequest } from './blog-requests'

/** The blog list: newest first, more as the reader scrolls, then the end message. */
export default function BlogPage() {
  const { t } = useTranslation('blog')
  const lang = useLang()
  useDocumentMeta({ page: 'blog' }, lang)
  const first = usePageData(firstPostsRequest(lang))
  return (
    <>
      <PageIntro title={t('list.title')} intro={t('list.intro')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        {first.items.length === 0 ? (
          <p className="text-center text-slate-600">{t('list.empty')}</p>
        ) : (
          <InfinitePostList
            key={lang}
            first={first}
            pageSize={BLOG_PAGE_SIZE}
            label={t('list.label')}
            endMessage={<p>{t('list.end')}</p>}
          />
        )}
      </div>
    </>
  )
}
