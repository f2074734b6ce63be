import { useTranslation } from 'react-i18next'
import { useDashboard } from '../business/queries'
import type { DashboardPeriod } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { Panel } from '../booking/Panel'
import { Cell, DataTable, RowHeader } from '../components/DataTable'
import { Facts } from '../components/Facts'
import { QueryView } from '../components/QueryView'
import { SectionPage } from '../shell/SectionPage'
import { languageName } from '../words'

function Period({ title, period, currency }: { title: string; period: DashboardPeriod; currency: string }) {
  const { t } = useTranslation('staff')
  const { money, count, when } = useBusinessFormat()
  return (
    <Panel title={title} intro={t('dashboard.since', { when: when(period.from) })}>
      <Facts
        items={[
          [t('dashboard.bookings'), count(period.bookings)],
          [t('dashboard.consultations'), money(period.consultations_cents, currency)],
          [t('dashboard.orders'), count(period.orders)],
          [t('dashboard.store'), money(period.store_cents, currency)],
        ]}
      />
    </Panel>
  )
}

/** Admins: the business at a glance (GET /staff/dashboard): sales, cases, subscribers, posts, mail. */
export default function DashboardPage() {
  const { t } = useTranslation('staff')
  const { count, when } = useBusinessFormat()
  const dashboard = useDashboard()
  return (
    <SectionPage title={t('dashboard.title')} intro={t('dashboard.intro')}>
      <QueryView query={dashboard} loading={t('dashboard.loading')}>
        {(figures) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <Period title={t('dashboard.week')} period={figures.week} currency={figures.currency} />
            <Period title={t('dashboard.month')} period={figures.month} currency={figures.currency} />
            <Panel title={t('dashboard.work')}>
              <Facts
                items={[
                  [t('dashboard.dueSoon'), count(figures.cases.due_soon)],
                  [t('dashboard.overdue'), count(figures.cases.overdue)],
                  [t('dashboard.queued'), count(figures.outbox.queued)],
                  [t('dashboard.failed'), count(figures.outbox.failed)],
                  [t('dashboard.oldestQueued'), when(figures.outbox.oldest_queued_at)],
                  [t('dashboard.reconciliation'), count(figures.payments_awaiting_reconciliation)],
                ]}
              />
            </Panel>
            <Panel title={t('dashboard.subscribers')}>
              <DataTable caption={t('dashboard.subscribers')} columns={[t('dashboard.language'), t('dashboard.confirmed'), t('dashboard.pending')]}>
                {figures.subscribers.map((row) => (
                  <tr key={row.lang}>
                    <RowHeader>{languageName(row.lang)}</RowHeader>
                    <Cell>{count(row.confirmed)}</Cell>
                    <Cell>{count(row.pending)}</Cell>
                  </tr>
                ))}
              </DataTable>
            </Panel>
            <Panel title={t('dashboard.signups')}>
              <DataTable caption={t('dashboard.signups')} columns={[t('dashboard.source'), t('dashboard.count')]}>
                {figures.signups_by_source.map((row) => (
                  <tr key={row.source}>
                    <RowHeader>{row.source}</RowHeader>
                    <Cell>{count(row.count)}</Cell>
                  </tr>
                ))}
              </DataTable>
            </Panel>
            <Panel title={t('dashboard.topPosts')}>
              <DataTable caption={t('dashboard.topPosts')} columns={[t('dashboard.post'), t('dashboard.language'), t('dashboard.views')]}>
                {figures.top_posts.map((post) => (
                  <tr key={`${post.lang}/${post.slug}`}>
                    <RowHeader>{post.title}</RowHeader>
                    <Cell>{languageName(post.lang)}</Cell>
                    <Cell>{count(post.views)}</Cell>
                  </tr>
                ))}
              </DataTable>
            </Panel>
          </div>
        )}
      </QueryView>
    </SectionPage>
  )
}
