import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useLang } from '../../../i18n/use-lang'
import type { PostPage } from '../types'
import { useInfinitePosts } from '../use-infinite-posts'
import { EndMarker } from './EndMarker'
import { PostGrid } from './PostGrid'

interface Props {
  first: PostPage
  pageSize: number
  max?: number
  headingLevel?: 2 | 3
  label: string
  /** What the reader sees once nothing is left to load. */
  endMessage: ReactNode
}

/**
 * Post cards that grow as the reader scrolls. A polite live region says how many
 * were added; a failed page offers a retry button instead of stopping silently.
 */
export function InfinitePostList({ first, pageSize, max, headingLevel, label, endMessage }: Props) {
  const { t } = useTranslation('blog')
  const list = useInfinitePosts({ lang: useLang(), first, pageSize, max })
  const announcement =
    list.lastAdded > 0 ? t('feed.loaded', { count: list.lastAdded, total: list.items.length }) : ''

  return (
    <div aria-busy={list.loading}>
      <PostGrid posts={list.items} headingLevel={headingLevel} label={label} />
      <EndMarker onVisible={list.loadMore} active={!list.complete && !list.loading && !list.failed} />
      <output className="sr-only">{announcement}</output>
      <div className="mt-8 flex min-h-12 items-center justify-center text-center">
        {list.loading && <span className="text-sm text-slate-600">{t('feed.loading')}</span>}
        {list.failed && (
          <button type="button" className={buttonStyles.secondary} onClick={list.loadMore}>
            {t('feed.retry')}
          </button>
        )}
        {list.complete && list.items.length > 0 && <div className="feed-end">{endMessage}</div>}
      </div>
    </div>
  )
}
