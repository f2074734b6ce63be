import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLang } from '../../../i18n/use-lang'
import { formatDate } from '../format'
import type { PostSummary } from '../types'
import { CoverImage } from './CoverImage'

interface Props {
  post: PostSummary
  headingLevel?: 2 | 3
}

/** A post in a list: cover, category, title (the link), excerpt, date and reading time. */
export function PostCard({ post, headingLevel = 2 }: Props) {
  const { t } = useTranslation('blog')
  const lang = useLang()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="content-card">
      <CoverImage image={post.cover} />
      <div className="content-card-body">
        <p className="eyebrow">{post.category.name}</p>
        <Heading className="content-card-title">
          <Link to={post.path} className="card-link">
            {post.title}
          </Link>
        </Heading>
        <p className="content-card-text">{post.excerpt}</p>
        <p className="content-card-meta">
          <time dateTime={post.published}>{formatDate(post.published, lang)}</time>
          <span aria-hidden="true"> · </span>
          <span>{t('readingTime', { count: post.reading_minutes })}</span>
        </p>
      </div>
    </article>
  )
}
