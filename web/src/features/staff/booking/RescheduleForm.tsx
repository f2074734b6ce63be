import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useBookingWrite } from '../api/mutations'
import { reschedule } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { formatDateTime, instantToWallClock, wallClockToInstant } from '../time'
import type { BookingDetail } from '../types'
import { Panel } from './Panel'

/**
 * Another start, picked as a date and time in the consultant's zone and sent as a UTC instant.
 * Free for the traveller, who is mailed the new invitation; a time already claimed is 409
 * `slot_taken`, said under the form.
 */
export function RescheduleForm({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { zone, lang } = useStaff()
  const [value, setValue] = useState(() => instantToWallClock(booking.starts_at, zone))
  const [issue, setIssue] = useState<'invalid' | 'past' | null>(null)
  const write = useBookingWrite<string>(booking.id, reschedule)
  if (booking.status !== 'confirmed' || booking.case_state !== 'scheduled') return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const start = wallClockToInstant(value, zone)
    const problem = !start ? 'invalid' : Date.parse(start) <= Date.now() ? 'past' : null
    setIssue(problem)
    if (start && !problem) write.mutate(start)
  }

  return (
    <Panel title={t('reschedule.title')} intro={t('reschedule.intro')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('reschedule.start', { zone })}
          type="datetime-local"
          step={900}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          state={{ invalid: issue !== null, error: issue ? t(`reschedule.${issue}`) : undefined }}
        />
        <button type="submit" className={buttonStyles.secondary} disabled={write.isPending}>
          {write.isPending ? t('common.saving') : t('reschedule.submit')}
        </button>
        <ActionStatus done={write.isSuccess ? t('reschedule.done', { when: formatDateTime(write.data.starts_at, lang, zone) }) : null} error={write.error} />
      </form>
    </Panel>
  )
}
