import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useAddConsultant } from '../api/mutations'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { serverFormIssues } from '../errors'
import { checkConsultant, consultantDraft, type ConsultantField, type FormIssues } from './consultant-form'
import { ConsultantFields } from './ConsultantFields'

const FIELDS: readonly ConsultantField[] = ['email', 'name', 'time_zone', 'weekly_hours', 'languages']

/** Admins: a new consultant, named by a staff user's e-mail (POST /staff/consultants). */
export function AddConsultant() {
  const { t } = useTranslation('staff')
  const { zone } = useStaff()
  const [draft, setDraft] = useState(() => consultantDraft(null, zone))
  const [issues, setIssues] = useState<FormIssues<ConsultantField>>({})
  const add = useAddConsultant()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkConsultant(draft, true)
    if ('issues' in checked) return setIssues(checked.issues)
    setIssues({})
    const { active: _active, ...body } = checked.body
    add.mutate(body, {
      onSuccess: () => setDraft(consultantDraft(null, zone)),
      onError: (error) => setIssues(serverFormIssues(error, FIELDS)),
    })
  }

  return (
    <section aria-labelledby="add-consultant-heading" className="card space-y-4">
      <h2 id="add-consultant-heading" className="text-2xl font-semibold">
        {t('consultant.addTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('consultant.addIntro')}</p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <ConsultantFields draft={draft} issues={issues} mode="add" onChange={setDraft} />
        <button type="submit" className={buttonStyles.primary} disabled={add.isPending}>
          {add.isPending ? t('common.saving') : t('consultant.add')}
        </button>
        <ActionStatus done={add.isSuccess ? t('consultant.added', { name: add.data.name }) : null} error={add.error} />
      </form>
    </section>
  )
}
