import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useLang } from '../../../i18n/use-lang'
import { useDocumentMeta } from '../../../lib/document-meta'
import { PAGE_PATHS } from '../../../lib/site-map'
import { CoverImage } from '../../content/components/CoverImage'
import type { PostDetail } from '../../content/types'
import { useInternalLinks } from '../use-internal-links'
import { PostMeta } from './PostMeta'

/** The article: category, title, author and dates, cover, body, topics and destinations. */
export function PostArticle({ post }: { post: PostDetail }) {
  const { t } = useTranslation('blog')
  useDocumentMeta({ title: t('post.documentTitle', { title: post.title }), description: post.description }, useLang())
  const body = useRef<HTMLDivElement>(null)
  useInternalLinks(body)

  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:pt-12">
      <LocalizedLink to={PAGE_PATHS.blog} className="back-link">
        <span aria-hidden="true">←</span> {t('post.back')}
      </LocalizedLink>
      <header className="mt-6">
        <p className="eyebrow">{post.category.name}</p>
        <h1 className="mt-3 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">{post.title}</h1>
        <p className="mt-5 text-lg leading-relaxed text-slate-600">{post.excerpt}</p>
        <PostMeta post={post} />
      </header>
      <CoverImage image={post.cover} priority className="mt-8 rounded-3xl shadow-soft" />
      {/* Sanitized by the server (content/markdown.rs) before it is stored. */}
      <div ref={body} className="prose mt-10" dangerouslySetInnerHTML={{ __html: post.body_html }} />
      <footer className="mt-12 grid gap-8 border-t border-sand-200 pt-8 sm:grid-cols-2">
        {post.tags.length > 0 && (
          <div>
            <h2 className="small-heading">{t('post.tags')}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        )}
        {post.destinations.length > 0 && (
          <nav aria-labelledby="post-destinations">
            <h2 id="post-destinations" className="small-heading">
              {t('post.destinations')}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.destinations.map((destination) => (
                <li key={destination.slug}>
                  <Link to={destination.path} className="tag tag-link">
                    {destination.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </footer>
    </article>
  )
}
