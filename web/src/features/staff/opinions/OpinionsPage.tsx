import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useOpinions } from '../api/queries'
import { FilterButtons } from '../components/FilterButtons'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { OPINION_STATUSES } from '../types'
import { OpinionCard } from './OpinionCard'

/**
 * The opinions: drafts awaiting a second person's approval (another consultant or an admin,
 * never their author), and those already published, each with a preview of its texts.
 */
export default function OpinionsPage() {
  const { t } = useTranslation('staff')
  const [params, setParams] = useSearchParams()
  const status = params.get('status') === 'published' ? 'published' : 'draft'
  const opinions = useOpinions(status)
  const [news, setNews] = useState('')
  return (
    <SectionPage title={t('opinions.title')} intro={t('opinions.intro')}>
      <FilterButtons
        label={t('opinions.tabsLabel')}
        options={OPINION_STATUSES}
        value={status}
        text={(tab) => t(`opinions.tabs.${tab}`)}
        onChange={(tab) => setParams(tab === 'draft' ? '' : 'status=published')}
      />
      <output className={news ? 'form-success block' : 'sr-only'}>{news}</output>
      <QueryView query={opinions} loading={t('opinions.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">{t(`opinions.none.${status}`)}</p>
          ) : (
            <ul className="space-y-4">
              {items.map((opinion) => (
                <li key={opinion.id}>
                  <OpinionCard opinion={opinion} onApproved={(title) => setNews(t('opinions.approved', { title }))} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </SectionPage>
  )
}
