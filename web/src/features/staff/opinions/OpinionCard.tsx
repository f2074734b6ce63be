import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { INTL_LOCALE, LANGUAGES } from '../../../i18n/languages'
import { useApproveOpinion } from '../api/mutations'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { countryName } from '../format'
import { bookingPath } from '../paths'
import { formatDateTime } from '../time'
import type { Opinion } from '../types'
import { languageName } from '../words'

/**
 * One opinion: its facts, each language's text as written (markdown shown plainly, never as
 * HTML), and Approve for a draft. Its author sees why they cannot approve it instead.
 */
export function OpinionCard({ opinion, onApproved }: { opinion: Opinion; onApproved: (title: string) => void }) {
  const { t } = useTranslation('staff')
  const { t: errors } = useTranslation('errors')
  const { me, lang, zone } = useStaff()
  const approve = useApproveOpinion()
  const headingId = useId()
  const main = opinion.texts[opinion.language] ?? LANGUAGES.map((l) => opinion.texts[l]).find(Boolean)
  const mine = opinion.author_id === me.id
  const published = opinion.status === 'published' || approve.isSuccess
  // Said by the page: once published, the card leaves the drafts (and its own live region with it).
  const approveIt = () =>
    approve.mutateAsync(opinion.id).then(
      () => onApproved(main?.title ?? ''),
      () => undefined, // the refusal is said below the button
    )
  return (
    <article aria-labelledby={headingId} className="card space-y-4">
      <header className="space-y-1">
        <h2 id={headingId} className="text-2xl font-semibold">
          {main?.title ?? t('opinions.untitled')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('opinions.facts', {
            category: t(`categories.${opinion.category}`),
            country: countryName(opinion.country, INTL_LOCALE[lang]),
            outcome: opinion.outcome,
          })}
        </p>
        <p className="text-sm text-slate-600">
          {t('opinions.by', { email: opinion.author_email, when: formatDateTime(opinion.created_at, lang, zone) })} ·{' '}
          <LocalizedLink to={bookingPath(opinion.booking_id)} className="link-button">
            {t('opinions.openCase')}
          </LocalizedLink>
        </p>
      </header>
      {[opinion.language, ...LANGUAGES.filter((l) => l !== opinion.language)]
        .filter((l) => opinion.texts[l])
        .map((l) => (
        <details key={l} open={l === opinion.language} className="rounded-xl bg-sand-50 p-3">
          <summary className="cursor-pointer font-semibold text-ocean-900">
            {t('opinions.preview', { language: languageName(l) })}
          </summary>
          <div lang={l} className="mt-2 space-y-2">
            <p className="font-semibold">{opinion.texts[l]!.title}</p>
            <p className="whitespace-pre-line break-words">{opinion.texts[l]!.body}</p>
          </div>
        </details>
      ))}
      {published ? (
        <p>
          {opinion.published_at && t('opinions.publishedAt', { when: formatDateTime(opinion.published_at, lang, zone) })}{' '}
          {(approve.data?.url ?? opinion.url) && (
            <a href={approve.data?.url ?? opinion.url ?? ''} target="_blank" rel="noreferrer" className="link-button">
              {t('opinions.view')}
            </a>
          )}
        </p>
      ) : mine ? (
        <p className="text-sm text-slate-600">{errors('codes.self_approval')}</p>
      ) : (
        <button type="button" className={buttonStyles.primary} disabled={approve.isPending} onClick={() => void approveIt()}>
          {approve.isPending ? t('opinions.approving') : t('opinions.approve')}
        </button>
      )}
      <ActionStatus done={null} error={approve.error} />
    </article>
  )
}
