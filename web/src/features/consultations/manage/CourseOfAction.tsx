import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { formatDateIn, formatDay, visitorTimeZone } from '../time'
import type { Advice } from '../types'

/**
 * The course of action the consultant sent: its summary and dated steps. The texts are
 * markdown; they are shown as written (line breaks kept), never as HTML.
 */
export function CourseOfAction({ advice, lang }: { advice: Advice; lang: Lang }) {
  const { t } = useTranslation('consultations')
  return (
    <section aria-labelledby="advice-heading" className="space-y-4 rounded-2xl border border-sand-200 bg-white p-5">
      <h2 id="advice-heading" className="text-xl font-semibold">
        {t('manage.advice.heading')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('manage.advice.sent', { date: formatDateIn(advice.sent_at, lang, visitorTimeZone()) })}
      </p>
      <p className="leading-relaxed break-words whitespace-pre-line">{advice.summary}</p>
      {advice.steps.length > 0 && (
        <ol className="space-y-3">
          {advice.steps.map((step, index) => (
            <li key={`${index}-${step.title}`} className="rounded-xl bg-sand-100 p-4">
              <h3 className="font-semibold text-ocean-900">{step.title}</h3>
              <p className="mt-1 text-sm font-semibold text-ocean-800">
                {t('manage.advice.due', { date: formatDay(step.due_date, lang) })}
              </p>
              <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{step.detail}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
