import { useParams } from 'react-router'
import { useLang } from '../../i18n/use-lang'
import { blogPostPath, isPostSlug } from '../../lib/site-map'
import { usePageData } from '../content/use-page-data'
import NotFoundPage from '../not-found/NotFoundPage'
import { postRequest } from './blog-requests'
import { PostArticle } from './components/PostArticle'
import { RelatedPosts } from './components/RelatedPosts'

function Post({ slug }: { slug: string }) {
  const post = usePageData(postRequest(useLang(), slug))
  if (!post) return <NotFoundPage />
  return (
    <>
      <PostArticle post={post} />
      <RelatedPosts posts={post.related} />
    </>
  )
}

/** /blog/{slug}: the article from the API (or the page's data block); an unknown slug is not found. */
export default function BlogPostPage() {
  const { slug } = useParams()
  return isPostSlug(slug) ? <Post key={blogPostPath(slug)} slug={slug} /> : <NotFoundPage />
}
