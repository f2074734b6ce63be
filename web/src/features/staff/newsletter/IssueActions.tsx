import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useSendIssue, useSendTestIssue, useUnscheduleIssue } from '../business/mutations'
import type { NewsletterIssue } from '../business/types'
import { useBusinessFormat } from '../business/use-format'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'
import { useStaff } from '../context'
import { wallClockToInstant } from '../time'
import { languageName } from '../words'

interface Props {
  issue: NewsletterIssue
  /** The fields differ from the saved issue: the test and the sending would use the saved text. */
  unsaved: boolean
}

/**
 * What a saved issue can do: a test to the signed-in admin, and — while a draft — sending now or
 * at a time (asked once more, naming who receives it); a scheduled one can be taken back.
 */
export function IssueActions({ issue, unsaved }: Props) {
  const { t } = useTranslation('staff')
  const { zone } = useStaff()
  const { when } = useBusinessFormat()
  const test = useSendTestIssue()
  const send = useSendIssue(issue.id)
  const unschedule = useUnscheduleIssue(issue.id)
  const [at, setAt] = useState('')
  const [atIssue, setAtIssue] = useState(false)
  const language = languageName(issue.lang)
  const instant = wallClockToInstant(at, zone)

  // Said from what was asked: "send now" is answered as scheduled at once too (the sender's next
  // tick takes it), so the answer's status cannot tell the two apart.
  const sentSay = send.isSuccess ? (send.variables.at ? t('issue.scheduled', { when: when(send.data.scheduled_at) }) : t('issue.sending')) : null
  if (unsaved && issue.status === 'draft') return <p className="text-slate-600">{t('issue.saveFirst')}</p>
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <button type="button" className={buttonStyles.secondary} disabled={test.isPending} onClick={() => test.mutate(issue.id)}>
          {test.isPending ? t('issue.testing') : t('issue.test')}
        </button>
        <ActionStatus done={test.isSuccess ? t('issue.tested', { to: test.data.to }) : null} error={test.error} />
      </div>
      {issue.status === 'draft' && (
        <>
          <div className="space-y-2">
            <ConfirmAction
              label={t('issue.sendNow')}
              question={t('issue.sendQuestion', { language })}
              confirm={t('issue.sendConfirm')}
              busy={send.isPending}
              busyLabel={t('issue.sendingNow')}
              onConfirm={() => send.mutate({})}
            />
          </div>
          <div className="space-y-3">
            <TextField
              label={t('issue.at', { zone })}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              state={atIssue ? { invalid: true, error: t('form.issues.dateTime') } : undefined}
            />
            <ConfirmAction
              label={t('issue.schedule')}
              question={t('issue.scheduleQuestion', { language, when: instant ? when(instant) : '' })}
              confirm={t('issue.scheduleConfirm')}
              busy={send.isPending}
              busyLabel={t('common.saving')}
              onStart={() => {
                setAtIssue(instant === null)
                return instant !== null
              }}
              onConfirm={() => send.mutate({ at: instant })}
            />
          </div>
        </>
      )}
      <ActionStatus done={sentSay} error={send.error} />
      {issue.status === 'scheduled' && (
        <div className="space-y-2">
          <p>{t('issue.scheduled', { when: when(issue.scheduled_at) })}</p>
          <button type="button" className={buttonStyles.secondary} disabled={unschedule.isPending} onClick={() => unschedule.mutate()}>
            {t('issue.unschedule')}
          </button>
          <ActionStatus done={unschedule.isSuccess ? t('issue.unscheduled') : null} error={unschedule.error} />
        </div>
      )}
    </div>
  )
}
