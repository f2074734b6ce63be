import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { useBookingWrite } from '../api/mutations'
import { setMeeting } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import { fieldCodes } from '../errors'
import type { BookingDetail, MeetingBody } from '../types'
import { Panel } from './Panel'

type MeetingField = 'url' | 'phone'
type MeetingIssues = Partial<Record<MeetingField, true>>

/**
 * An empty field is none; a link must be an https address (the server refuses any other), a
 * phone number 6 to 20 digits with spaces, +, -, ( and ) (the server's rule too).
 */
export function parseMeeting(url: string, phone: string): { body: MeetingBody } | { issues: MeetingIssues } {
  const link = url.trim()
  const number = phone.trim()
  const issues: MeetingIssues = {}
  if (link && (!/^https:\/\/[^\s/?#]+\S*$/i.test(link) || link.length > 500)) issues.url = true
  const digits = number.replace(/\D/g, '').length
  if (number && (!/^[\d +\-().]+$/.test(number) || digits < 6 || digits > 20 || number.length > 40)) issues.phone = true
  if (issues.url || issues.phone) return { issues }
  return { body: { url: link || null, phone: number || null } }
}

/** The fields a refusal names (400 `validation_failed`: `invalid_url`, `invalid_phone`). */
function serverIssues(error: unknown): MeetingIssues {
  const fields = fieldCodes(error)
  return { ...(fields.url ? { url: true } : {}), ...(fields.phone ? { phone: true } : {}) }
}

/** The meeting's link or phone number, which the traveller sees in the mail, the invite and the manage page. */
export function MeetingForm({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const [url, setUrl] = useState(booking.meeting_url ?? '')
  const [phone, setPhone] = useState(booking.meeting_phone ?? '')
  const [issues, setIssues] = useState<MeetingIssues>({})
  const write = useBookingWrite<MeetingBody>(booking.id, setMeeting)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseMeeting(url, phone)
    setIssues('issues' in parsed ? parsed.issues : {})
    if ('body' in parsed) write.mutate(parsed.body, { onError: (error) => setIssues(serverIssues(error)) })
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
          state={{ invalid: Boolean(issues.url), error: issues.url ? t('meeting.urlInvalid') : undefined }}
        />
        <TextField
          label={t('meeting.phone')}
          type="tel"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          state={{ invalid: Boolean(issues.phone), error: issues.phone ? t('meeting.phoneInvalid') : undefined }}
        />
        <button type="submit" className={buttonStyles.secondary} disabled={write.isPending}>
          {write.isPending ? t('common.saving') : t('meeting.save')}
        </button>
        <ActionStatus done={write.isSuccess ? t('meeting.saved') : null} error={write.error} />
      </form>
    </Panel>
  )
}
