import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useAddTimeOff, useRemoveTimeOff } from '../api/mutations'
import { ActionStatus } from '../components/ActionStatus'
import { formIssue, serverFormIssues } from '../errors'
import { formatDateTime } from '../time'
import type { Consultant } from '../types'
import { checkTimeOff, type FormIssues, type TimeOffDraft, type TimeOffField } from './consultant-form'
import { useStaff } from '../context'

const EMPTY: TimeOffDraft = { starts_at: '', ends_at: '', reason: '' }
const FIELDS: readonly TimeOffField[] = ['starts_at', 'ends_at', 'reason']

/**
 * A consultant's time off: each interval (shown in the reader's zone) with Remove, and a form
 * to add one, typed as wall clocks in the consultant's own zone and sent as UTC instants.
 */
export function TimeOffList({ consultant, editable }: { consultant: Consultant; editable: boolean }) {
  const { t } = useTranslation('staff')
  const { lang, zone } = useStaff()
  const [draft, setDraft] = useState(EMPTY)
  const [issues, setIssues] = useState<FormIssues<TimeOffField>>({})
  const add = useAddTimeOff()
  const remove = useRemoveTimeOff()
  // What the status line speaks of: the last of the two actions tried.
  const [last, setLast] = useState<'add' | 'remove'>('add')
  const say = (field: TimeOffField) => {
    const issue = formIssue(issues[field])
    return { invalid: Boolean(issue), error: issue ? t(`form.issues.${issue}`) : undefined }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkTimeOff(draft, consultant.time_zone)
    if ('issues' in checked) return setIssues(checked.issues)
    setIssues({})
    setLast('add')
    add.mutate(
      { id: consultant.id, body: checked.body },
      { onSuccess: () => setDraft(EMPTY), onError: (error) => setIssues(serverFormIssues(error, FIELDS)) },
    )
  }

  const action = last === 'add' ? add : remove
  const done = last === 'add' ? (add.isSuccess ? t('timeOff.added', { count: add.data.conflicts.length }) : null) : remove.isSuccess ? t('timeOff.removed') : null
  return (
    <div className="space-y-3">
      <h4 className="font-semibold text-ocean-900">{t('timeOff.title')}</h4>
      {consultant.time_off.length === 0 ? (
        <p className="text-sm text-slate-600">{t('timeOff.none')}</p>
      ) : (
        <ul className="space-y-2">
          {consultant.time_off.map((off) => {
            const when = t('timeOff.range', { from: formatDateTime(off.starts_at, lang, zone), to: formatDateTime(off.ends_at, lang, zone) })
            return (
              <li key={off.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-50 px-3 py-2">
                <span>
                  {when}
                  {off.reason && <span className="text-slate-600"> · {off.reason}</span>}
                </span>
                {editable && (
                  <button
                    type="button"
                    className="link-button"
                    disabled={remove.isPending}
                    aria-label={t('timeOff.removeLabel', { when })}
                    onClick={() => {
                      setLast('remove')
                      remove.mutate({ id: consultant.id, timeOffId: off.id })
                    }}
                  >
                    {t('timeOff.remove')}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {editable && (
        <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <TextField
            label={t('timeOff.startsAt', { zone: consultant.time_zone })}
            type="datetime-local"
            value={draft.starts_at}
            onChange={(e) => setDraft({ ...draft, starts_at: e.target.value })}
            state={say('starts_at')}
          />
          <TextField
            label={t('timeOff.endsAt', { zone: consultant.time_zone })}
            type="datetime-local"
            value={draft.ends_at}
            onChange={(e) => setDraft({ ...draft, ends_at: e.target.value })}
            state={say('ends_at')}
          />
          <div className="sm:col-span-2">
            <TextField label={t('timeOff.reason')} value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} state={say('reason')} />
          </div>
          <button type="submit" className={`${buttonStyles.secondary} sm:col-span-2 sm:justify-self-start`} disabled={add.isPending}>
            {add.isPending ? t('common.saving') : t('timeOff.add')}
          </button>
        </form>
      )}
      <ActionStatus done={done} error={action.error} />
    </div>
  )
}
