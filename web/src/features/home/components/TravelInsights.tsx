import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'
import { InfinitePostList } from '../../content/components/InfinitePostList'
import type { PostPage } from '../../content/types'
import { INSIGHTS_MAX, INSIGHTS_PAGE_SIZE } from '../home-requests'
import { SectionHeading } from './SectionHeading'

/** The newest posts: 3 more each time the end marker is seen, up to 15, then the end message. */
export function TravelInsights({ first }: { first: PostPage }) {
  const { t } = useTranslation('home')
  return (
    <section aria-labelledby="insights-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="insights-title" title={t('insights.title')} intro={t('insights.intro')} />
      <div className="mt-8">
        {first.items.length === 0 ? (
          <p className="text-slate-600">{t('insights.empty')}</p>
        ) : (
          <InfinitePostList
            first={first}
            pageSize={INSIGHTS_PAGE_SIZE}
            max={INSIGHTS_MAX}
            headingLevel={3}
            label={t('insights.title')}
            endMessage={
              <p>
                {t('insights.end')}{' '}
                <LocalizedLink to={PAGE_PATHS.blog} className="link">
                  {t('insights.toBlog')}
                </LocalizedLink>
              </p>
            }
          />
        )}
      </div>
    </section>
  )
}
