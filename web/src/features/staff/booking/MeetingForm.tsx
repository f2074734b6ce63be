import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useBookingWrite } from '../api/mutations'
import { setMeeting } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import type { BookingDetail, MeetingBody } from '../types'
import { Panel } from './Panel'

/** An empty field is none; a link must be a web address (http or https). */
export function parseMeeting(url: string, phone: string): { body: MeetingBody } | { issue: 'url' } {
  const link = url.trim()
  if (link && !/^https?:\/\/\S+$/i.test(link)) return { issue: 'url' }
  return { body: { url: link || null, phone: phone.trim() || null } }
}

/** The meeting's link or phone number, which the traveller sees in the mail, the invite and the manage page. */
export function MeetingForm({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const [url, setUrl] = useState(booking.meetingUrl ?? '')
  const [phone, setPhone] = useState(booking.meetingPhone ?? '')
  const [urlIssue, setUrlIssue] = useState(false)
  const write = useBookingWrite<MeetingBody>(booking.id, setMeeting)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseMeeting(url, phone)
    setUrlIssue('issue' in parsed)
    if ('body' in parsed) write.mutate(parsed.body)
  }

  return (
    <Panel title={t('meeting.title')} intro={t('meeting.intro')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('meeting.url')}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          state={{ invalid: urlIssue, error: urlIssue ? t('meeting.urlInvalid') : undefined }}
        />
        <TextField label={t('meeting.phone')} type="tel" autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} />
        <button type="submit" className={buttonStyles.secondary} disabled={write.isPending}>
          {write.isPending ? t('common.saving') : t('meeting.save')}
        </button>
        <ActionStatus done={write.isSuccess ? t('meeting.saved') : null} error={write.error} />
      </form>
    </Panel>
  )
}
