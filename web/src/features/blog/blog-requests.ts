import type { Lang } from '../../i18n/languages'
import { apiUrl, getJson, getJsonOrNull } from '../content/api'
import type { PostDetail, PostPage } from '../content/types'
import type { PageDataRequest } from '../content/use-page-data'

/** Posts per page on the blog list (the API's default page). */
export const BLOG_PAGE_SIZE = 9

export function firstPostsRequest(lang: Lang): PageDataRequest<PostPage> {
  const url = apiUrl('posts', lang, { limit: BLOG_PAGE_SIZE })
  return { key: url, load: () => getJson<PostPage>(url) }
}

/** One post; `null` when the slug is unknown (the page shows not-found). */
export function postRequest(lang: Lang, slug: string): PageDataRequest<PostDetail | null> {
  const url = apiUrl(`posts/${encodeURIComponent(slug)}`, lang)
  return { key: url, load: () => getJsonOrNull<PostDetail>(url) }
}
