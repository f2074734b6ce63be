import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '../../../i18n/languages'
import type { Credentials } from '../api'
import { formatDateIn, visitorTimeZone } from '../time'
import type { BookingCase } from '../types'
import { caseProgress } from './case-progress'
import { CaseMessages } from './CaseMessages'
import { CaseProgressSteps } from './CaseProgressSteps'
import { CourseOfAction } from './CourseOfAction'
import { isSitePath, webHref } from './meeting'
import { QuestionForm } from './QuestionForm'

interface Props {
  bookingId: string
  view: BookingCase
  lang: Lang
  credentials: Credentials
}

/** After payment: the case's progress and due date, the published opinion, the course of action, questions. */
export function CaseSection({ bookingId, view, lang, credentials }: Props) {
  const { t } = useTranslation('consultations')
  const progress = caseProgress(view)
  const open = view.state !== 'closed'
  return (
    <>
      <section aria-labelledby="case-heading" className="space-y-4 rounded-2xl border border-sand-200 bg-white p-5">
        <h2 id="case-heading" className="text-xl font-semibold">
          {t('manage.case.heading')}
        </h2>
        {progress.closedEarly ? (
          <p className="leading-relaxed">{t('manage.case.closed')}</p>
        ) : (
          <>
            {!progress.complete && (
              <p className="leading-relaxed">{t('manage.case.due', { date: formatDateIn(view.due_at, lang, visitorTimeZone()) })}</p>
            )}
            <CaseProgressSteps progress={progress} />
          </>
        )}
        <OpinionLink url={view.opinion_url} />
      </section>
      {view.advice && <CourseOfAction advice={view.advice} lang={lang} />}
      <section aria-labelledby="messages-heading" className="space-y-4">
        <h2 id="messages-heading" className="text-xl font-semibold">
          {t('manage.messages.heading')}
        </h2>
        <CaseMessages messages={view.messages} lang={lang} />
        {open && <QuestionForm bookingId={bookingId} credentials={credentials} />}
      </section>
    </>
  )
}

/** The published opinion: a page of this site (the router follows it), or an absolute web address. */
function OpinionLink({ url }: { url: string | null }) {
  const { t } = useTranslation('consultations')
  const text = t('manage.case.opinionLink')
  if (isSitePath(url)) {
    return (
      <p>
        <Link to={url} className="link">
          {text}
        </Link>
      </p>
    )
  }
  const href = webHref(url)
  return href ? (
    <p>
      <a href={href} className="link">
        {text}
      </a>
    </p>
  ) : null
}
