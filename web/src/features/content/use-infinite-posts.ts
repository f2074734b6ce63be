import { useCallback, useRef, useState } from 'react'
import type { Lang } from '../../i18n/languages'
import { loadQueryClient } from '../../lib/query/loader'
import { apiUrl, getJson } from './api'
import { appendPage, isComplete, markFailed, markLoading, nextRequest, startList, type InfiniteList } from './infinite-list'
import type { PostPage, PostSummary } from './types'
import { pageQueryKey } from './use-page-data'

interface Options {
  lang: Lang
  first: PostPage
  pageSize: number
  max?: number
}

const slugOf = (post: PostSummary) => post.slug

/** Posts, newest first, one page more each time `loadMore` is called, until the end. */
export function useInfinitePosts({ lang, first, pageSize, max }: Options) {
  const [list, setList] = useState<InfiniteList<PostSummary>>(() => startList(first, max))
  // One request at a time, even if the marker reports twice before React re-renders.
  const busy = useRef(false)

  // A new function whenever the list changes, so the end marker observes afresh after each page.
  const loadMore = useCallback(async () => {
    const request = nextRequest(list, pageSize)
    if (!request || busy.current) return
    busy.current = true
    setList(markLoading)
    try {
      // Through the query cache: a page asked again within minutes (back to the list) is reused.
      const url = apiUrl('posts', lang, request)
      const client = await loadQueryClient()
      const page = await client.fetchQuery({ queryKey: pageQueryKey(url), queryFn: () => getJson<PostPage>(url) })
      setList((previous) => appendPage(previous, page, slugOf))
    } catch {
      setList(markFailed)
    } finally {
      busy.current = false
    }
  }, [list, lang, pageSize])

  return { ...list, complete: isComplete(list), loadMore }
}
