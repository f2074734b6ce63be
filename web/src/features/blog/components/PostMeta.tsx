import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { formatDate } from '../../content/format'
import type { PostSummary } from '../../content/types'

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')
}

/** Who wrote the post, when, and how long it takes to read. */
export function PostMeta({ post }: { post: PostSummary }) {
  const { t } = useTranslation('blog')
  const lang = useLang()
  return (
    <div className="post-meta">
      <span className="avatar-initials" aria-hidden="true">
        {initials(post.author.name)}
      </span>
      <div>
        <p className="font-semibold text-ocean-900">
          {t('post.by', { name: post.author.name })}
          <span className="font-normal text-slate-600">, {post.author.role}</span>
        </p>
        <p className="text-slate-600">
          <time dateTime={post.published}>{formatDate(post.published, lang)}</time>
          {post.updated !== post.published && (
            <>
              <span aria-hidden="true"> · </span>
              {t('post.updated')} <time dateTime={post.updated}>{formatDate(post.updated, lang)}</time>
            </>
          )}
          <span aria-hidden="true"> · </span>
          {t('readingTime', { count: post.reading_minutes })}
        </p>
      </div>
    </div>
  )
}
