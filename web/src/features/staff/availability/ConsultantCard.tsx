import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LANGUAGE_NAMES } from '../../../i18n/languages'
import { useStaff } from '../context'
import type { Consultant } from '../types'
import { ConsultantEditor } from './ConsultantEditor'
import { TimeOffList } from './TimeOffList'

/** One consultant: zone, hours, languages, whether active, time off; editable by admins and by themselves. */
export function ConsultantCard({ consultant }: { consultant: Consultant }) {
  const { t } = useTranslation('staff')
  const { me, isAdmin } = useStaff()
  const [editing, setEditing] = useState(false)
  const editRef = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  const headingId = useId()
  const editable = isAdmin || me.consultant?.id === consultant.id

  // Closing the editor gives the focus back to the button that opened it.
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus()
    wasEditing.current = editing
  }, [editing])

  const facts: [string, string][] = [
    [t('consultant.timeZone'), consultant.time_zone],
    [t('consultant.weeklyHours'), consultant.weekly_hours],
    [t('consultant.languages'), consultant.languages.map((lang) => LANGUAGE_NAMES[lang]).join(', ')],
    [t('consultant.status'), consultant.active ? t('consultant.isActive') : t('consultant.isInactive')],
  ]
  return (
    <article aria-labelledby={headingId} className="card space-y-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-xl font-semibold">
          {consultant.name}
        </h3>
        {consultant.email && <span className="text-sm text-slate-600">{consultant.email}</span>}
      </header>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ocean-900">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {editable &&
        (editing ? (
          <ConsultantEditor consultant={consultant} onClose={() => setEditing(false)} />
        ) : (
          <button ref={editRef} type="button" className={buttonStyles.secondary} onClick={() => setEditing(true)} aria-label={t('consultant.editLabel', { name: consultant.name })}>
            {t('consultant.edit')}
          </button>
        ))}
      <TimeOffList consultant={consultant} editable={editable} />
    </article>
  )
}
