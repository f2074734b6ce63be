import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useUpdateConsultant } from '../api/mutations'
import { ActionStatus } from '../components/ActionStatus'
import { serverFormIssues } from '../errors'
import type { Consultant } from '../types'
import { checkConsultant, consultantDraft, type ConsultantField, type FormIssues } from './consultant-form'
import { ConsultantFields } from './ConsultantFields'

const FIELDS: readonly ConsultantField[] = ['name', 'time_zone', 'weekly_hours', 'languages', 'active']

/**
 * PUT consultants/{id}: hours, zone, languages and active. New hours never move a booking: the
 * answer's conflicts (bookings that no longer fit) are said here and listed on the page.
 */
export function ConsultantEditor({ consultant, onClose }: { consultant: Consultant; onClose: () => void }) {
  const { t } = useTranslation('staff')
  const [draft, setDraft] = useState(() => consultantDraft(consultant, consultant.time_zone))
  const [issues, setIssues] = useState<FormIssues<ConsultantField>>({})
  const update = useUpdateConsultant()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkConsultant(draft, false)
    if ('issues' in checked) return setIssues(checked.issues)
    setIssues({})
    const { email: _email, ...body } = checked.body
    update.mutate({ id: consultant.id, body }, { onError: (error) => setIssues(serverFormIssues(error, FIELDS)) })
  }

  const done = update.isSuccess ? t('consultant.saved', { count: update.data.conflicts.length }) : null
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl border border-sand-200 p-4">
      <ConsultantFields draft={draft} issues={issues} mode="edit" onChange={setDraft} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('consultant.save')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <ActionStatus done={done} error={update.error} />
    </form>
  )
}
