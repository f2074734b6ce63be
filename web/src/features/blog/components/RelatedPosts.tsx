import { useTranslation } from 'react-i18next'
import { PostGrid } from '../../content/components/PostGrid'
import type { PostSummary } from '../../content/types'

/** Up to three posts on the same subject, below the article. */
export function RelatedPosts({ posts }: { posts: PostSummary[] }) {
  const { t } = useTranslation('blog')
  if (posts.length === 0) return null
  return (
    <section aria-labelledby="related-posts" className="border-t border-sand-200 bg-sand-100/60">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="related-posts" className="text-3xl font-semibold">
          {t('post.related')}
        </h2>
        <div className="mt-8">
          <PostGrid posts={posts} headingLevel={3} />
        </div>
      </div>
    </section>
  )
}
